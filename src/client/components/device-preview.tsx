import { Monitor, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { PhoneFrame } from './phone-frame.tsx';

type Device = 'desktop' | 'phone';
const DEVICES: { value: Device; label: string; icon: typeof Monitor }[] = [
  { value: 'desktop', label: 'Desktop', icon: Monitor },
  { value: 'phone', label: 'Phone', icon: Smartphone },
];
const DESKTOP_BOX =
  'overflow-hidden rounded-xl border border-line bg-ink lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto';

/** An admin preview of what members see, on a desktop width or in a 390 px phone frame, with the switch. */
export function DevicePreview({
  title,
  titleId,
  notes,
  children,
}: {
  title: string;
  titleId: string;
  /** Lines under the switch (what the preview leaves out). */
  notes?: ReactNode;
  children: ReactNode;
}) {
  const [device, setDevice] = useState<Device>('desktop');
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-white">
          {title}
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
      {device === 'phone' ? (
        <PhoneFrame title="Phone preview">{children}</PhoneFrame>
      ) : (
        // Beside the form on a desktop, a long page scrolls inside this box; it takes focus so keys can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
        <section tabIndex={0} aria-label="Desktop preview" className={DESKTOP_BOX}>
          {children}
        </section>
      )}
      {notes}
    </section>
  );
}
