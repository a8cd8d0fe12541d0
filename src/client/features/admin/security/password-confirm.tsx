import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { PasswordField } from './password-field.tsx';

export const failed = (err: unknown) =>
  toast({ title: 'Not done', description: serverMessageOr(err, 'Please try again'), variant: 'destructive' });

/** A button that asks for the account's password before a change that weakens or replaces its factor. */
export function PasswordConfirm(props: {
  id: string;
  action: string;
  pending: boolean;
  onConfirm: (password: string, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        {props.action}
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onConfirm(password, () => {
      setOpen(false);
      setPassword('');
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-line p-3">
      <PasswordField
        id={`${props.id}-password`}
        label="Your password, to confirm"
        value={password}
        onChange={setPassword}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending || !password}>
          {props.action}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
