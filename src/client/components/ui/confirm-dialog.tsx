import { AlertDialog as A } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { useEscapeCloses, useReturnFocus } from './dialog.tsx';
import { PasswordField } from './password-field.tsx';

const danger = 'bg-red-600 text-white hover:bg-red-500';

/**
 * A yes/no question that must be answered before a destructive action. With `password`, it also asks for the
 * account's password: the confirm button sends it, and the dialog stays open (a wrong password is answered where
 * it was typed) until the caller closes it on success. Focus goes to the password, else to Cancel; Escape cancels;
 * focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  password,
  pending = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: (password: string) => void;
  /** The password field's id and label, for a confirmation the server checks with the password. */
  password?: { id: string; label: string };
  /** The confirmed action is on its way (the password confirmation's button waits). */
  pending?: boolean;
}) {
  const returnFocus = useReturnFocus();
  const [secret, setSecret] = useState('');
  useEscapeCloses(open, onOpenChange);
  useEffect(() => {
    if (!open) setSecret(''); // a password is not kept for the next opening
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (secret && !pending) onConfirm(secret);
  };
  const cancel = (
    <A.Cancel asChild>
      <Button variant="ghost">{cancelLabel}</Button>
    </A.Cancel>
  );
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <A.Content
          {...returnFocus}
          onOpenAutoFocus={(e) => {
            returnFocus.onOpenAutoFocus();
            if (!password) return;
            e.preventDefault();
            document.getElementById(password.id)?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-panel p-6 shadow-2xl"
        >
          <A.Title className="text-lg font-semibold text-white">{title}</A.Title>
          <A.Description className="mt-3 text-sm text-zinc-300">{description}</A.Description>
          {password ? (
            <form onSubmit={submit} className="mt-4 space-y-6">
              <PasswordField id={password.id} label={password.label} value={secret} onChange={setSecret} />
              <div className="flex flex-wrap justify-end gap-3">
                {cancel}
                <Button type="submit" className={danger} disabled={pending || !secret}>
                  {confirmLabel}
                </Button>
              </div>
            </form>
          ) : (
            <div className="mt-6 flex justify-end gap-3">
              {cancel}
              <A.Action asChild>
                <Button className={danger} onClick={() => onConfirm('')}>
                  {confirmLabel}
                </Button>
              </A.Action>
            </div>
          )}
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
