import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import {
  BENEFIT_TYPE_LABEL,
  BENEFIT_TYPES,
  type BenefitType,
  CARD_TARGET_LABEL,
  CARD_TARGETS,
  type CardTarget,
  LISTED_UNDER,
  type ListedUnder,
  listedUnderOf,
} from '#common/benefit-type.ts';
import { Field, inputClass } from '../../components/ui/field.tsx';

/** What a benefit is, where the dashboard lists it and what its card opens ('' under Listed: as its type says). */
export type BenefitModelValues = {
  benefitType: BenefitType;
  listedUnder: ListedUnder | '';
  cardOpens: CardTarget;
  cardLink: string;
};

export const NEW_BENEFIT_MODEL: BenefitModelValues = {
  benefitType: 'event',
  listedUnder: '',
  cardOpens: 'form',
  cardLink: '',
};

const HINT: Record<CardTarget, string> = {
  form: 'Members book on /rsvp/{id}, through its RSVP form (or one click until a form is deployed).',
  modal: 'Edit its text, facts, links and buttons under "Edit tile modal" once the benefit exists.',
  page: 'Write the page under Pages and choose this benefit there; until then the card opens its modal.',
  link: 'Opens in a new tab.',
};

/** The one benefit model's choices (DESIGN §8): the same the seeded demo week is made of. */
export function BenefitModelFields({
  register,
  watch,
  errors,
}: {
  register: UseFormRegister<BenefitModelValues>;
  watch: UseFormWatch<BenefitModelValues>;
  errors: FieldErrors<BenefitModelValues>;
}) {
  const opens = watch('cardOpens');
  const type = watch('benefitType');
  return (
    <fieldset className="space-y-6 rounded-lg border border-line p-4 sm:p-5">
      <legend className="px-2 text-sm font-semibold tracking-wide text-gold">What it is</legend>
      <div className="grid gap-6 md:grid-cols-2">
        <Field
          id="benefitType"
          label="Type"
          hint="Decides the words members read on the card, the button, the toasts and the mails, and whether they get a pass."
        >
          <select id="benefitType" className={inputClass} {...register('benefitType')}>
            {BENEFIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {BENEFIT_TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="listedUnder"
          label="Listed under"
          hint="The dashboard's filter that shows it (ALL shows everything)."
        >
          <select id="listedUnder" className={inputClass} {...register('listedUnder')}>
            <option value="">As its type says ({listedUnderOf(type)})</option>
            {LISTED_UNDER.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Field id="cardOpens" label="The card opens" hint={HINT[opens]}>
          <select id="cardOpens" className={inputClass} {...register('cardOpens')}>
            {CARD_TARGETS.map((t) => (
              <option key={t} value={t}>
                {CARD_TARGET_LABEL[t]}
              </option>
            ))}
          </select>
        </Field>
        {opens === 'link' && (
          <Field id="cardLink" label="Link address" error={errors.cardLink?.message}>
            <input
              id="cardLink"
              type="url"
              placeholder="https://"
              aria-invalid={Boolean(errors.cardLink)}
              aria-describedby={errors.cardLink ? 'cardLink-error' : undefined}
              className={inputClass}
              {...register('cardLink')}
            />
          </Field>
        )}
      </div>
    </fieldset>
  );
}
