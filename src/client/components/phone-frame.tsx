import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';

/** A phone's width in CSS pixels (iPhone 12-15); the member pages are checked at this width too. */
export const PHONE_WIDTH = 390;
// A phone's height, less when the screen cannot show that much beside the form.
const PHONE_HEIGHT = 'clamp(480px, calc(100vh - 8rem), 720px)';
const FRAME_DOC = '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>';

/**
 * Draws `children` in an iframe 390 px wide. An iframe, not a narrow box: the template's `sm:` breakpoints follow
 * the viewport, so only a viewport of a phone's width lays the page out as a phone does. The portal keeps the
 * children in this React tree (same query client, router and events).
 */
export function PhoneFrame({ title, children }: { title: string; children: ReactNode }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const attach = (frame: HTMLIFrameElement) => {
    const doc = frame.contentDocument;
    if (!doc) return;
    // The portal's own stylesheets (the built CSS file, or Vite's style tags in development), so Tailwind applies.
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) {
      doc.head.append(sheet.cloneNode(true));
    }
    setBody(doc.body);
  };
  return (
    <div className="mx-auto w-fit max-w-full overflow-hidden rounded-[2rem] border-[6px] border-zinc-700 bg-ink shadow-2xl">
      <iframe
        title={title}
        srcDoc={FRAME_DOC}
        onLoad={(e) => attach(e.currentTarget)}
        className="block max-w-full bg-ink"
        style={{ width: PHONE_WIDTH, height: PHONE_HEIGHT }}
      />
      {body && createPortal(children, body)}
    </div>
  );
}
