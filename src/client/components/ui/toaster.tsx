import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../common/constants.ts';
import { cn } from '../../lib/cn.ts';
import { dismissToast, useToasts } from './use-toast.ts';

const variants = {
  default: 'border-line bg-panel text-zinc-100',
  destructive: 'border-red-700 bg-red-950 text-red-50',
  warning: 'border-amber-600 bg-amber-950 text-amber-50',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={cn(
            'relative rounded-lg border p-4 pr-10 shadow-xl data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 transition-opacity',
            variants[t.variant ?? 'default'],
          )}
        >
          <Toast.Title className="font-semibold">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description>}
          <Toast.Close
            aria-label="Close"
            className="absolute right-3 top-3 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Top centre, over the header: never on top of a form's submit button. */}
      <Toast.Viewport className="fixed top-0 left-1/2 z-[100] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
