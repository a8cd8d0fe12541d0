import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The integrations' create form (an endpoint, a token): its title, two fields side by side, what it may send or read,
 * the server's refusal and the submit button; `children` come after the button (a token shown once).
 */
export function CreatePanel({
  title,
  fields,
  choices,
  error,
  submit,
  onSubmit,
  children,
}: {
  title: string;
  fields: ReactNode;
  choices: ReactNode;
  error: string | null;
  submit: { label: string; busy: string; pending: boolean; ready: boolean };
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={send} noValidate className="space-y-4 rounded-xl border border-line bg-panel p-5">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      <div className="grid gap-4 md:grid-cols-2">{fields}</div>
      {choices}
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" disabled={submit.pending || !submit.ready}>
        {submit.pending ? submit.busy : submit.label}
      </Button>
      {children}
    </form>
  );
}
