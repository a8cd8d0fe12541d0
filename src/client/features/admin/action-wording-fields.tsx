import { useEffect, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { BenefitType } from '#common/benefit-type.ts';
import type { ActionWording } from '#common/member-action-defaults.ts';
import {
  type MemberActionWording,
  WORDING_MAX,
  WORDING_TEXT_FIELDS,
  type WordingTextField,
} from '#common/member-action-wording.ts';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { loadMemberActions } from '../rsvp/index.ts';

/** The wording as the form holds it: text ('' is the default) and each switch as '' (default), 'yes' or 'no'. */
type Choice = '' | 'yes' | 'no';
export type WordingFormValues = Record<WordingTextField, string> & { authRedirect: Choice; sendName: Choice };
type Holder = { actionWording: WordingFormValues };

export const EMPTY_WORDING: WordingFormValues = {
  ...(Object.fromEntries(WORDING_TEXT_FIELDS.map((f) => [f, ''])) as Record<WordingTextField, string>),
  authRedirect: '',
  sendName: '',
};

const choiceOf = (v: boolean | undefined): Choice => (v === undefined ? '' : v ? 'yes' : 'no');
const flagOf = (c: Choice) => (c === '' ? undefined : c === 'yes');

/** The stored wording as the form's values (the edit page's defaults). */
export function wordingFormValues(stored: MemberActionWording | undefined): WordingFormValues {
  const values = { ...EMPTY_WORDING };
  for (const f of WORDING_TEXT_FIELDS) values[f] = stored?.[f] ?? '';
  return { ...values, authRedirect: choiceOf(stored?.authRedirect), sendName: choiceOf(stored?.sendName) };
}

/** What the form sends: blank fields and default switches left out ({}: all the spec's defaults). */
export function wordingToSend(values: WordingFormValues | undefined): MemberActionWording {
  const wording: MemberActionWording = {};
  for (const f of WORDING_TEXT_FIELDS) if (values?.[f]?.trim()) wording[f] = values[f].trim();
  const authRedirect = flagOf(values?.authRedirect ?? '');
  const sendName = flagOf(values?.sendName ?? '');
  if (authRedirect !== undefined) wording.authRedirect = authRedirect;
  if (sendName !== undefined) wording.sendName = sendName;
  return wording;
}

const TEXTS: { field: WordingTextField; label: string; max: number }[] = [
  { field: 'idle', label: 'Button', max: WORDING_MAX.label },
  { field: 'pending', label: 'Button while sending', max: WORDING_MAX.label },
  { field: 'done', label: 'Button and tile once booked', max: WORDING_MAX.label },
  { field: 'soldOut', label: 'Button when sold out', max: WORDING_MAX.label },
  { field: 'successTitle', label: 'Success message title', max: WORDING_MAX.title },
  { field: 'successText', label: 'Success message', max: WORDING_MAX.text },
  { field: 'failTitle', label: 'Failure message title', max: WORDING_MAX.title },
  { field: 'failText', label: 'Failure message', max: WORDING_MAX.text },
  { field: 'loginText', label: 'Message to a member who is not signed in', max: WORDING_MAX.text },
];

/**
 * The collapsed "Button and message wording" part of the benefit form (decision 033): each field empty by default,
 * its placeholder the spec's wording the member then sees, for this benefit's name and button text.
 */
export function ActionWordingFields({
  register,
  errors,
  title,
  buttonText,
  type,
}: {
  register: UseFormRegister<Holder>;
  errors: FieldErrors<Holder>;
  title: string;
  buttonText: string;
  /** What the benefit is: an offer's or a tour's grey defaults are theirs, as members read them. */
  type?: BenefitType;
}) {
  // The defaults come with the members' action code (its own chunk, which the dashboard loads too): one copy.
  const [actions, setActions] = useState<Awaited<ReturnType<typeof loadMemberActions>> | null>(null);
  useEffect(() => {
    void loadMemberActions().then(setActions);
  }, []);
  const defaults: Partial<ActionWording> =
    actions?.defaultActionWording(title.trim() || 'this event', buttonText.trim() || undefined, type) ?? {};
  const fieldErrors = errors.actionWording;
  return (
    <details
      className="rounded-md border border-line px-4 py-3"
      open={fieldErrors ? true : undefined}
      data-testid="action-wording"
    >
      <summary className="cursor-pointer text-sm font-semibold text-zinc-200">Button and message wording</summary>
      <p className="mt-2 text-xs text-zinc-400">
        What the booking button, the booked tile and the messages say. Leave a field empty for the wording shown in
        grey.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {TEXTS.map(({ field, label, max }) => {
          const id = `wording-${field}`;
          const error = fieldErrors?.[field]?.message;
          return (
            <Field key={field} id={id} label={label} error={error}>
              <input
                id={id}
                type="text"
                maxLength={max}
                placeholder={defaults[field]}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                className={inputClass}
                {...register(`actionWording.${field}`)}
              />
            </Field>
          );
        })}
        <Field id="wording-authRedirect" label="When the member's session has ended">
          <select id="wording-authRedirect" className={inputClass} {...register('actionWording.authRedirect')}>
            <option value="">
              Default: {defaults.authRedirect === false ? 'stay on the page' : 'go to the login page'}
            </option>
            <option value="yes">Say so and go to the login page</option>
            <option value="no">Show the not-signed-in message and stay</option>
          </select>
        </Field>
        <Field id="wording-sendName" label="Send the member's name with the booking">
          <select id="wording-sendName" className={inputClass} {...register('actionWording.sendName')}>
            <option value="">Default: {defaults.sendName ? 'yes' : 'no'}</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </Field>
      </div>
    </details>
  );
}
