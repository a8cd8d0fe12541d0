import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type MemberInput, memberInputSchema } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { useAddMember } from './api.ts';

const EMPTY: MemberInput = { email: '', firstName: '', lastName: '' };

/** Adds an e-mail to the allow-list, or updates the names of one already there. */
export function MemberAddForm() {
  const add = useAddMember();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<MemberInput>({ resolver: zodResolver(memberInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    add.mutate(values, {
      onSuccess: ({ outcome }) => {
        toast({ title: outcome === 'added' ? 'Member added' : 'Member updated', description: values.email });
        form.reset(EMPTY);
      },
      onError: (err) => setServerError(serverMessageOr(err, 'Failed to save the member. Please try again.')),
    });
  });

  const input = (name: keyof MemberInput, label: string, type = 'text') => (
    <Field id={`member-${name}`} label={label} error={errors[name]?.message}>
      <input
        id={`member-${name}`}
        type={type}
        aria-invalid={Boolean(errors[name])}
        className={inputClass}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-line bg-panel p-5">
      <h2 className="text-lg font-semibold text-white">Add or update a member</h2>
      <div className="mt-4 grid items-start gap-4 md:grid-cols-[2fr_1fr_1fr_auto]">
        {input('email', 'Email', 'email')}
        {input('firstName', 'First name')}
        {input('lastName', 'Last name')}
        <Button type="submit" disabled={add.isPending} className="md:mt-7">
          <UserPlus size={16} aria-hidden />
          {add.isPending ? 'Saving...' : 'Add member'}
        </Button>
      </div>
      {serverError && (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {serverError}
        </p>
      )}
    </form>
  );
}
