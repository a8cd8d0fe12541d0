import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#common/constants.ts';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';
import { dismissToast, useToasts } from './use-toast.ts';

const variants = {
  default: 'border-line bg-panel text-zinc-100',
  destructive: 'border-red-700 bg-red-950 text-red-50',
  warning: 'border-amber-600 bg-amber-950 text-amber-50',
};

export function Toaster() {
  // The store holds the newest first; on screen the newest sits at the bottom, nearest the edge it came from.
  const say = useT();
  const toasts = [...useToasts()].reverse();
  return (
    <Toast.Provider
      label={say('toast.label')}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={cx(
            'pointer-events-auto relative rounded-lg border p-3 pr-9 shadow-xl sm:p-4 sm:pr-10 shadow-black/50 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 transition-opacity',
            variants[t.variant ?? 'default'],
          )}
        >
          <Toast.Title className="font-semibold" lang={t.titleLang}>
            {t.title}
          </Toast.Title>
          {t.description && (
            <Toast.Description className="mt-1 text-sm opacity-90" lang={t.descriptionLang}>
              {t.description}
            </Toast.Description>
          )}
          <Toast.Close
            aria-label={say('common.close')}
            className="absolute right-3 top-3 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {/*
        One place that covers nothing important: the bottom-right corner on a laptop, the bottom edge (less the
        margins and a phone's home bar) on a phone. The empty strip lets clicks through; only a toast takes them.
      */}
      {/* Radix puts the shortcut in for {hotkey}. */}
      <Toast.Viewport
        label={say('toast.region', { hotkey: '{hotkey}' })}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex max-h-screen flex-col gap-1.5 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] outline-none sm:left-auto sm:w-[26rem] sm:p-4"
      />
    </Toast.Provider>
  );
}
