import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormRegister, type UseFormWatch, useForm } from 'react-hook-form';
import { ADMIN_MSG, addBenefitSchema, editBenefitSchema, needsSheet } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { ActionWordingFields, EMPTY_WORDING, type WordingFormValues, wordingToSend } from './action-wording-fields.tsx';
import type { EditBenefitValues } from './api.ts';
import { BenefitModelFields, type BenefitModelValues, NEW_BENEFIT_MODEL } from './benefit-model-fields.tsx';
import { EMPTY_EVENT_DETAILS, EventDetailsFields, type EventDetailsValues } from './event-details-fields.tsx';
import { ImagePicker } from './image-picker.tsx';
import { NEW_TRANSFER_SETTINGS, type TransferFormValues, TransferSettingsFields } from './transfer-settings-fields.tsx';

export type BenefitFormValues = EventDetailsValues &
  BenefitModelValues &
  TransferFormValues & {
    benefitName: string;
    buttonText: string;
    partnerContactEmail: string;
    benefitDescription: string;
    excelTab1Link: string;
    excelTab2Link: string;
    actionWording: WordingFormValues;
  };
export const EMPTY_BENEFIT: BenefitFormValues = {
  benefitName: '',
  buttonText: '',
  partnerContactEmail: '',
  benefitDescription: '',
  excelTab1Link: '',
  excelTab2Link: '',
  actionWording: EMPTY_WORDING,
  ...EMPTY_EVENT_DETAILS,
  ...NEW_BENEFIT_MODEL,
  ...NEW_TRANSFER_SETTINGS,
};

type Mode = 'add' | 'edit';
type FormResolver = Resolver<BenefitFormValues, unknown, EditBenefitValues>;
// The wording is checked as it is sent (blank fields and default switches left out), by the server's own schemas.
const withWording =
  (resolver: FormResolver): FormResolver =>
  (values, context, options) =>
    resolver({ ...values, actionWording: wordingToSend(values.actionWording) } as never, context, options);
// Both schemas accept these string fields; the cast only unifies their slightly different input types.
const resolvers = {
  add: withWording(zodResolver(addBenefitSchema) as unknown as FormResolver),
  edit: withWording(zodResolver(editBenefitSchema) as unknown as FormResolver),
};

/**
 * The add and edit benefit form. `onSubmit` resolves true on success; in add mode the form
 * then resets. Add requires an image; edit takes an optional new one.
 */
export function BenefitForm({
  mode,
  defaultValues = EMPTY_BENEFIT,
  currentImageUrl,
  isPending,
  onSubmit,
  onCancel,
}: {
  mode: Mode;
  defaultValues?: BenefitFormValues;
  currentImageUrl?: string;
  isPending: boolean;
  onSubmit: (values: EditBenefitValues, image: File | null) => Promise<boolean>;
  onCancel: () => void;
}) {
  const form = useForm<BenefitFormValues, unknown, EditBenefitValues>({ resolver: resolvers[mode], defaultValues });
  const { errors } = form.formState;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const add = mode === 'add';
  // A code-only offer or a card that opens a page or a link books through no form: it needs no Sheet.
  const sheetNeeded = needsSheet({
    benefitType: form.watch('benefitType'),
    cardOpens: form.watch('cardOpens'),
    bookedThrough: form.watch('bookedThrough'),
  });
  // An existing benefit that has no event yet may keep it that way; a new one says when it happens.
  const [allowUnset] = useState(!add && defaultValues.schedule === '');

  const imageMissing = () => {
    if (!add || image) return false;
    setImageError(ADMIN_MSG.imageRequired);
    toast({ title: 'Image required', description: ADMIN_MSG.imageRequired, variant: 'destructive' });
    return true;
  };
  const submit = form.handleSubmit(async (values) => {
    if (imageMissing()) return;
    const saved = await onSubmit(values, image);
    // Edit keeps its values (and the new image's preview) while it redirects.
    if (saved && add) {
      form.reset(EMPTY_BENEFIT);
      setImage(null);
    }
  }, imageMissing);

  const text = (name: keyof BenefitFormValues, label: string, opts: { hint?: string; type?: string } = {}) => (
    <Field id={name} label={label} hint={opts.hint} error={errors[name]?.message}>
      <input
        id={name}
        type={opts.type ?? 'text'}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={inputClass}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-line bg-panel p-6">
      <ImagePicker
        id="benefit-image"
        label={add ? 'Benefit Image' : 'New Logo (optional)'}
        rule={add ? 'recommended' : 'exact'}
        file={image}
        currentUrl={currentImageUrl}
        error={imageError}
        onChange={(file, error) => {
          setImage(file);
          setImageError(error);
          if (error) toast({ title: error, description: 'Please choose a different image.', variant: 'destructive' });
        }}
      />
      <div className="grid gap-6 md:grid-cols-2">
        {text('benefitName', 'Benefit Name')}
        {text('buttonText', 'Button Text', { hint: 'The label of the booking button, e.g. RSVP NOW.' })}
      </div>
      {text('partnerContactEmail', 'Partner Contact Email', {
        type: 'email',
        hint: "Users will see a 'CHANGE/CANCEL BOOKING' link below the booking button that e-mails this address.",
      })}
      <Field
        id="benefitDescription"
        label="Benefit Description"
        hint="Shown on the benefit card and the RSVP page."
        error={errors.benefitDescription?.message}
      >
        <textarea
          id="benefitDescription"
          rows={4}
          aria-invalid={Boolean(errors.benefitDescription)}
          className={inputClass}
          {...form.register('benefitDescription')}
        />
      </Field>
      <BenefitModelFields
        register={form.register as unknown as UseFormRegister<BenefitModelValues>}
        watch={form.watch as unknown as UseFormWatch<BenefitModelValues>}
        errors={errors as FieldErrors<BenefitModelValues>}
      />
      <EventDetailsFields
        // The benefit form holds the event fields under the same names: its register serves them.
        register={form.register as unknown as UseFormRegister<EventDetailsValues>}
        watch={form.watch as unknown as UseFormWatch<EventDetailsValues>}
        errors={errors}
        allowUnset={allowUnset}
      />
      <TransferSettingsFields
        register={form.register as unknown as UseFormRegister<TransferFormValues>}
        errors={errors as FieldErrors<TransferFormValues>}
      />
      <ActionWordingFields
        register={form.register as unknown as UseFormRegister<{ actionWording: WordingFormValues }>}
        errors={errors as FieldErrors<{ actionWording: WordingFormValues }>}
        title={form.watch('benefitName')}
        buttonText={form.watch('buttonText')}
        type={form.watch('benefitType')}
      />
      <div className="grid gap-6 md:grid-cols-2">
        {text('excelTab1Link', add && sheetNeeded ? 'Google Sheet Tab 1 Link' : 'Google Sheet Tab 1 Link (optional)', {
          type: 'url',
          hint: 'Form submissions are written to this tab.',
        })}
        {text('excelTab2Link', 'Google Sheet Tab 2 Link (optional)', {
          type: 'url',
          hint: 'Slot logic: time slots and capacities.',
        })}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-6">
        <Button variant="ghost" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {add ? (isPending ? 'Creating...' : 'Create Benefit') : isPending ? 'Updating...' : 'Update Benefit'}
        </Button>
      </div>
    </form>
  );
}
