import type { MouseEvent } from 'react';
import type { PageLayout, PartnerPageContent } from '#common/partner-pages.ts';
import { DevicePreview } from '../../../components/device-preview.tsx';
import { PartnerPageView } from '../../../components/partner-page/partner-page-view.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';

// Each keystroke in the image field would otherwise request a half-typed address.
const HERO_SETTLE_MS = 400;

// The admin's unsaved form lives on this page: a link followed in this tab would lose it.
function keepEditorOpen(e: MouseEvent) {
  const link = (e.target as Element).closest?.('a');
  if (link && link.target !== '_blank') e.preventDefault();
}

const capacityPlaceholder = (eventId: string) => (
  <span className="rounded bg-gold/15 px-1 text-gold" title={`Members see the capacity of the event ${eventId}`}>
    {eventId} capacity
  </span>
);

/** The page as members will see it, redrawn from the form as it is typed, on a desktop or phone width. */
export function PagePreview({ content, layout }: { content: PartnerPageContent; layout: PageLayout }) {
  const heroImage = useDebounced(content.heroImage, HERO_SETTLE_MS);
  return (
    <DevicePreview
      title="Preview"
      titleId="page-preview-title"
      notes={
        <>
          {layout === 'terms' && (
            <p className="text-xs text-zinc-400">Members see this page in the terms layout; the content is the same.</p>
          )}
          <p className="text-xs text-zinc-400">In the preview, a link that would leave the editor does nothing.</p>
        </>
      }
    >
      <div data-testid="page-preview" className="px-4 py-6 sm:px-6" onClickCapture={keepEditorOpen}>
        <PartnerPageView page={{ ...content, heroImage }} renderCapacity={capacityPlaceholder} />
      </div>
    </DevicePreview>
  );
}
