import { AlertDialog as A } from 'radix-ui';
import { Button } from './button.tsx';
import { useReturnFocus } from './dialog.tsx';

/** A yes/no question that must be answered before a destructive action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <A.Content
          {...returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-panel p-6 shadow-2xl"
        >
          <A.Title className="text-lg font-semibold text-white">{title}</A.Title>
          <A.Description className="mt-3 text-sm text-zinc-300">{description}</A.Description>
          <div className="mt-6 flex justify-end gap-3">
            <A.Cancel asChild>
              <Button variant="ghost">{cancelLabel}</Button>
            </A.Cancel>
            <A.Action asChild>
              <Button className="bg-red-600 text-white hover:bg-red-500" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
