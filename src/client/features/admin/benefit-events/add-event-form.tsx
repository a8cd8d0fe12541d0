import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { type Resolver, type UseFormRegister, type UseFormWatch, useForm } from 'react-hook-form';
import { type BenefitEventInput, benefitEventInputSchema } from '#common/benefit-events.ts';
import {
  BENEFIT_TYPE_LABEL,
  type BenefitType,
  BOOKED_THROUGH_LABEL,
  type BookedThrough,
} from '#common/benefit-type.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { EMPTY_EVENT_DETAILS, EventDetailsFields, type EventDetailsValues } from '../event-details-fields.tsx';
import { useAddEvent } from './api.ts';

/** A select of a model's choices, each under its label (the labels' order is the choices'). */
const Choices = ({ labels, ...select }: ComponentProps<'select'> & { labels: Record<string, string> }) => (
  <select className={inputClass} {...select}>
    {Object.entries(labels).map(([value, label]) => (
      <option key={value} value={value}>
        {label}
      </option>
    ))}
  </select>
);

type Values = EventDetailsValues & {
  title: string;
  description: string;
  benefitType: BenefitType;
  bookedThrough: BookedThrough;
};

/**
 * A further event of the benefit (a second date, an opening night beside a pass): its own title, when and where,
 * what it is and how it is booked. Checked by the schema the server checks it with.
 */
export function AddEventForm({
  benefitId,
  like,
}: {
  benefitId: string;
  like?: { timeZone: string; type: BenefitType };
}) {
  const add = useAddEvent(benefitId);
  const defaults: Values = {
    ...EMPTY_EVENT_DETAILS,
    timeZone: like?.timeZone ?? EMPTY_EVENT_DETAILS.timeZone,
    title: '',
    description: '',
    benefitType: like?.type ?? 'event',
    bookedThrough: 'portal',
  };
  const form = useForm<Values>({
    resolver: zodResolver(benefitEventInputSchema) as unknown as Resolver<Values>,
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values as BenefitEventInput);
      toast({ title: 'Event added', description: values.title });
      form.reset(defaults);
    } catch (err) {
      toast({
        title: 'Error',
        description: serverMessageOr(err, 'The event could not be added'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-6 md:grid-cols-2">
        <Field id="title" label="Event title" error={errors.title?.message}>
          <input
            id="title"
            className={inputClass}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={errors.title ? 'title-error' : undefined}
            {...form.register('title')}
          />
        </Field>
        <Field id="description" label="Description (optional)" error={errors.description?.message}>
          <input id="description" className={inputClass} {...form.register('description')} />
        </Field>
        <Field id="benefitType" label="What it is">
          <Choices id="benefitType" labels={BENEFIT_TYPE_LABEL} {...form.register('benefitType')} />
        </Field>
        <Field id="bookedThrough" label="Booked through" hint="A built-in form's event takes slots below once added.">
          <Choices id="bookedThrough" labels={BOOKED_THROUGH_LABEL} {...form.register('bookedThrough')} />
        </Field>
      </div>
      <EventDetailsFields
        // The form holds the event fields under the same names: its register serves them.
        register={form.register as unknown as UseFormRegister<EventDetailsValues>}
        watch={form.watch as unknown as UseFormWatch<EventDetailsValues>}
        errors={errors}
        allowUnset={false}
      />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add event'}
      </Button>
    </form>
  );
}
