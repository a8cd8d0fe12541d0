import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import {
  BENEFIT_TYPE_LABEL,
  BENEFIT_TYPES,
  type BenefitType,
  BOOKED_THROUGH,
  BOOKED_THROUGH_LABEL,
  type BookedThrough,
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
  bookedThrough: BookedThrough;
  bookingUrl: string;
  dateLabel: string;
  notifyPartner: boolean;
  eventTitle: string;
  eventDescription: string;
};

export const NEW_BENEFIT_MODEL: BenefitModelValues = {
  benefitType: 'event',
  listedUnder: '',
  cardOpens: 'form',
  cardLink: '',
  bookedThrough: 'portal',
  bookingUrl: '',
  dateLabel: '',
  notifyPartner: true,
  eventTitle: '',
  eventDescription: '',
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
  const through = watch('bookedThrough');
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
      <div className="grid gap-6 md:grid-cols-2">
        <Field
          id="bookedThrough"
          label="Members take it up"
          hint={
            through === 'evening' || through === 'concierge'
              ? 'Its card opens the built-in form at /rsvp/{id}; add its slots under "Events and slots" once it exists.'
              : "Here: its button, or its RSVP form. At the partner's: through the booking link; the event only holds its days."
          }
        >
          <select id="bookedThrough" className={inputClass} {...register('bookedThrough')}>
            {BOOKED_THROUGH.map((t) => (
              <option key={t} value={t}>
                {BOOKED_THROUGH_LABEL[t]}
              </option>
            ))}
          </select>
        </Field>
        <Text
          id="bookingUrl"
          label="Partner's booking link (optional)"
          hint="Shown beside the booking button; a ticket site, say."
          type="url"
          register={register}
          error={errors.bookingUrl?.message}
        />
        <Text
          id="dateLabel"
          label="Date line on the card (optional)"
          hint="Empty: written from when it happens."
          register={register}
        />
        <Text
          id="eventTitle"
          label="Event name in mails and passes (optional)"
          hint="Empty: the benefit's name."
          register={register}
        />
        <Text
          id="eventDescription"
          label="Event description in calendars (optional)"
          hint="Empty: the benefit's description."
          register={register}
        />
        <label className="flex items-center gap-3 text-sm text-zinc-200">
          <input type="checkbox" className="h-5 w-5 accent-gold" {...register('notifyPartner')} />
          Mail the partner contact about each booking
        </label>
      </div>
    </fieldset>
  );
}

type TextId = 'bookingUrl' | 'dateLabel' | 'eventTitle' | 'eventDescription';

function Text({
  id,
  label,
  hint,
  type = 'text',
  register,
  error,
}: {
  id: TextId;
  label: string;
  hint: string;
  type?: string;
  register: UseFormRegister<BenefitModelValues>;
  error?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...register(id)}
      />
    </Field>
  );
}
