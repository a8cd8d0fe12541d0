import { Monitor, Smartphone } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import type { PageLayout, PartnerPageContent } from '../../../../common/partner-pages.ts';
import { PartnerPageView } from '../../../components/partner-page/partner-page-view.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebounced } from '../use-debounced.ts';
import { PhoneFrame } from './phone-frame.tsx';

type Device = 'desktop' | 'phone';
// Each keystroke in the image field would otherwise request a half-typed address.
const HERO_SETTLE_MS = 400;

const DESKTOP_BOX =
  'overflow-hidden rounded-xl border border-line bg-ink lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto';

const DEVICES: { value: Device; label: string; icon: typeof Monitor }[] = [
  { value: 'desktop', label: 'Desktop', icon: Monitor },
  { value: 'phone', label: 'Phone', icon: Smartphone },
];

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
  const [device, setDevice] = useState<Device>('desktop');
  const heroImage = useDebounced(content.heroImage, HERO_SETTLE_MS);
  const body: ReactNode = (
    <div data-testid="page-preview" className="px-4 py-6 sm:px-6" onClickCapture={keepEditorOpen}>
      <PartnerPageView page={{ ...content, heroImage }} renderCapacity={capacityPlaceholder} />
    </div>
  );
  return (
    <section aria-labelledby="page-preview-title" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="page-preview-title" className="text-lg font-semibold text-white">
          Preview
        </h2>
        <fieldset className="inline-flex rounded-md border border-line p-0.5">
          <legend className="sr-only">Preview width</legend>
          {DEVICES.map(({ value, label, icon: Icon }) => (
            <button
              key={value}
              type="button"
              aria-pressed={device === value}
              onClick={() => setDevice(value)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium transition-colors',
                device === value ? 'bg-gold text-ink' : 'text-zinc-300 hover:text-white',
              )}
            >
              <Icon size={14} aria-hidden />
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      {layout === 'terms' && (
        <p className="text-xs text-zinc-400">Members see this page in the terms layout; the content is the same.</p>
      )}
      {device === 'phone' ? (
        <PhoneFrame title="Phone preview">{body}</PhoneFrame>
      ) : (
        // Beside the form on a desktop, a long page scrolls inside this box; it takes focus so keys can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
        <section tabIndex={0} aria-label="Desktop preview" className={DESKTOP_BOX}>
          {body}
        </section>
      )}
      <p className="text-xs text-zinc-400">In the preview, a link that would leave the editor does nothing.</p>
    </section>
  );
}
