import { Component, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode };

/**
 * A part of a page in a chunk of its own that the page can do without (a member's passkeys, handing a place on): a
 * chunk that fails to load (offline, a deploy in between) shows nothing instead of taking the whole page down.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
