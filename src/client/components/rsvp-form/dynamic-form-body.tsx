import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useState } from 'react';
import {
  type DynamicField,
  type FormRoles,
  isYes,
  patternsLeftToServer,
  validateDynamicForm,
  validationSummary,
} from '#common/dynamic-form.ts';
import { formatSlotClock, longDate } from '#common/time-range.ts';
import { dynMessages } from '../../i18n/field-error.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/use-toast.ts';
import { DynamicFieldInput } from './dynamic-field.tsx';
import { TermsBox } from './terms-box.tsx';
import { usePatternTester } from './use-pattern-tester.ts';

/** The live form as members get it (GET /api/rsvp/configuration), or the admin preview's draft of it. */
export type FormConfig = {
  formFields: DynamicField[];
  roles: FormRoles;
  maxGuests: number;
  behavior: { requireTermsAcceptance?: boolean; termsText?: string };
};
export type SlotLogic = {
  hasTimeOnly: boolean;
  hasDateAndTime: boolean;
  /** The event's zone: slot times are read and labelled there (Singapore's when not known). */
  timeZone?: string;
  /** The event's first day: a time-only slot's day, for the zone's name in force then (EST or EDT). */
  eventDay?: string | null;
  slotData: { time: string; date: string | null; remainingSlots: number }[];
  /** Full slots are listed too, and choosing one joins its waitlist. */
  waitlist?: boolean;
  showRemainingCount?: boolean;
};
type Errors = Record<string, string>;

/**
 * The fields of a dynamic RSVP form with the checks members' browsers run before sending (one schema with the
 * server). Shared by /rsvp/{benefitId} and the wizard's preview, so the organiser previews the real form.
 */
export function DynamicFormBody({
  config,
  slots,
  initialValues,
  errors,
  setErrors,
  submitLabel,
  disabled,
  onValid,
  children,
}: {
  config: FormConfig;
  slots: SlotLogic | undefined;
  initialValues: Record<string, unknown>;
  errors: Errors;
  setErrors: Dispatch<SetStateAction<Errors>>;
  /** The button's words, knowing whether the chosen slot is full (then it joins the waitlist). */
  submitLabel: (chosenSlotFull: boolean) => string;
  disabled: boolean;
  /** Called with the visible answers once they pass the checks. */
  onValid: (formData: Record<string, unknown>, acceptTerms: boolean) => void;
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { roles } = config;
  const fields = [...config.formFields].sort((a, b) => a.ordering - b.ordering);
  const [values, setValues] = useState<Record<string, unknown>>(initialValues);
  const termsRequired = Boolean(config.behavior.requireTermsAcceptance);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const patternTester = usePatternTester(fields);

  const yes = roles.rsvp ? isYes(values[roles.rsvp]) : true;
  const open = (slots?.slotData ?? []).filter((s) => s.remainingSlots > 0 || slots?.waitlist);
  const slotLabel = (s: SlotLogic['slotData'][number]) => {
    const time = formatSlotClock(s.time, s.date ?? slots?.eventDay ?? null, slots?.timeZone, locale);
    if (s.remainingSlots <= 0) return t('form.slotFull', { slot: time });
    return slots?.showRemainingCount === false ? time : t('form.slotLeft', { slot: time, left: s.remainingSlots });
  };
  const dateValue = roles.date ? String(values[roles.date] ?? '') : '';
  const slotValue = roles.slot ? String(values[roles.slot] ?? '') : '';
  const chosenSlotFull = open.some(
    (s) => s.time === slotValue && (!slots?.hasDateAndTime || s.date === dateValue) && s.remainingSlots <= 0,
  );
  const shown = (f: DynamicField) => {
    if (f.fieldName === roles.slot) return yes && (!slots?.hasDateAndTime || Boolean(dateValue));
    if (f.fieldName === roles.date && slots?.hasDateAndTime) return yes;
    if (f.fieldName === roles.guestCount && roles.guestStatus) return isYes(values[roles.guestStatus]);
    return true;
  };
  const choicesFor = (f: DynamicField) => {
    if (f.fieldName === roles.slot && open.length > 0) {
      const list = slots?.hasDateAndTime ? open.filter((s) => s.date === dateValue) : open;
      return list.map((s) => ({ value: s.time, label: slotLabel(s) }));
    }
    if (f.fieldName === roles.date && slots?.hasDateAndTime) {
      return [...new Set(open.map((s) => s.date ?? ''))]
        .filter(Boolean)
        .map((d) => ({ value: d, label: longDate(d, locale) }));
    }
    return undefined;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const visible = Object.fromEntries(
      Object.entries(values).filter(([k]) => fields.some((f) => f.fieldName === k && shown(f))),
    );
    const msg = dynMessages();
    const result = validateDynamicForm(fields, roles, visible, config.maxGuests, patternTester, msg);
    const found: Errors = result.success ? {} : { ...result.errors };
    if (termsRequired && !acceptTerms) found.acceptTerms = msg.termsRequired;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      // The terms are no field of the form: the summary names them in words of their own.
      const description = result.success ? msg.termsRequired : validationSummary(fields, found, msg);
      return toast({ title: msg.validationTitle, description, variant: 'destructive' });
    }
    setErrors({});
    onValid(visible, acceptTerms);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      // Where an admin's patterns are checked now: "server" until the RE2 chunk has arrived (tests wait on it).
      data-pattern-check={patternTester === patternsLeftToServer ? 'server' : 'browser'}
    >
      {fields.filter(shown).map((f) => (
        <DynamicFieldInput
          key={f.fieldName}
          field={f}
          value={values[f.fieldName]}
          error={errors[f.fieldName]}
          choices={choicesFor(f)}
          onChange={(v) => {
            setValues((prev) => ({
              ...prev,
              [f.fieldName]: v,
              ...(f.fieldName === roles.date && roles.slot ? { [roles.slot]: '' } : {}),
            }));
            // A message goes once its field is changed: it was about the old answer.
            setErrors(({ [f.fieldName]: _fixed, ...rest }) => rest);
          }}
        />
      ))}
      {termsRequired && (
        <TermsBox
          text={config.behavior.termsText ?? ''}
          checked={acceptTerms}
          error={errors.acceptTerms}
          onChange={(checked) => {
            setAcceptTerms(checked);
            setErrors(({ acceptTerms: _fixed, ...rest }) => rest);
          }}
        />
      )}
      <Button type="submit" className="sm:w-48" disabled={disabled}>
        {submitLabel(chosenSlotFull)}
      </Button>
      {children}
    </form>
  );
}
