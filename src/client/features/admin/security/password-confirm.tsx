import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';

export const failed = (err: unknown) =>
  toast({ title: 'Not done', description: serverMessageOr(err, 'Please try again'), variant: 'destructive' });

/**
 * A button that asks, in the confirm dialog, for the account's password before a change that weakens or replaces
 * its factor; `done` closes the dialog (the caller calls it when the change is made: a refusal leaves it open).
 */
export function PasswordConfirm(props: {
  id: string;
  action: string;
  /** The button's accessible name when `action` alone is ambiguous (one per passkey). */
  label?: string;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: (password: string, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-label={props.label} onClick={() => setOpen(true)}>
        {props.action}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={props.title}
        description={props.description}
        confirmLabel={props.action}
        password={{ id: `${props.id}-password`, label: 'Your password, to confirm' }}
        pending={props.pending}
        onConfirm={(password) => props.onConfirm(password, () => setOpen(false))}
      />
    </>
  );
}
