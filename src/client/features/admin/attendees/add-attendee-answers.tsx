import { useState } from 'react';
import type { AttendeeForm } from '#common/attendees.ts';
import { DynamicFormBody } from '../../../components/rsvp-form/dynamic-form-body.tsx';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The event's live form as members fill it in, for an admin booking one of them: the same fields, slots and checks
 * (the server runs the members' own validation again). Its answers choose the slot and guests.
 */
export function AddAttendeeAnswers({
  form,
  slots,
  initialValues,
  pending,
  onCancel,
  onAnswers,
}: {
  form: NonNullable<AttendeeForm['form']>;
  slots: AttendeeForm['slots'];
  initialValues: Record<string, unknown>;
  pending: boolean;
  onCancel: () => void;
  onAnswers: (formData: Record<string, unknown>, acceptTerms: boolean) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <DynamicFormBody
      config={form}
      slots={slots ?? undefined}
      initialValues={initialValues}
      errors={errors}
      setErrors={setErrors}
      submitLabel={(full) => (pending ? 'Adding...' : full ? 'Add to the waitlist' : 'Add booking')}
      disabled={pending}
      onValid={onAnswers}
    >
      <Button variant="ghost" className="sm:w-48" onClick={onCancel}>
        Cancel
      </Button>
    </DynamicFormBody>
  );
}
