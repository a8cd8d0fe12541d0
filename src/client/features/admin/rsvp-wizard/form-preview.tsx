import { useState } from 'react';
import { type DynamicField, rolesFor, roleWarnings } from '#common/dynamic-form.ts';
import type { SlotRow } from '#common/sheets.ts';
import { DevicePreview } from '../../../components/device-preview.tsx';
import { DynamicFormBody, type FormConfig, type SlotLogic } from '../../../components/rsvp-form/dynamic-form-body.tsx';
import { RsvpArticle } from '../../../components/rsvp-form/rsvp-article.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminBenefits } from '../api.ts';
import type { Draft } from './draft.ts';
import { RoleWarnings } from './role-warnings.tsx';

const SAMPLE_EMAIL = 'member@example.com';
const SAMPLE_NAME = 'Alex Tan';
const SAMPLE_TIMES = ['10:00am-11:00am', '2:00pm-3:00pm'];

/**
 * Tab 2's slots as read, as members' slot list would offer them; two made-up ones only for a form without a Tab 2
 * (`sample`): a sheet's slots are never shown as defaults.
 */
function sampleSlots(
  draft: Draft,
  read: SlotRow[],
  sample: boolean,
  timeZone: string | undefined,
): SlotLogic | undefined {
  if (!draft.slotConfig.hasSlots) return undefined;
  const perSlot = draft.slotConfig.maxBookingsPerSlot;
  const slotData = read.length
    ? read.map((s) => ({ time: s.timeSlot, date: s.date, remainingSlots: s.remainingSlots }))
    : sample
      ? SAMPLE_TIMES.map((time) => ({ time, date: null, remainingSlots: perSlot }))
      : [];
  const hasDateAndTime = slotData.some((s) => s.date);
  return {
    hasTimeOnly: !hasDateAndTime,
    hasDateAndTime,
    // Labelled in the benefit's event's zone, as members will read them (decision 022).
    timeZone,
    slotData,
    waitlist: draft.slotConfig.allowWaitlist,
    showRemainingCount: draft.slotConfig.showRemainingCount,
  };
}

/** The draft as the members' configuration call would give it once deployed. */
function memberConfig(draft: Draft, datedSlots: boolean | undefined): FormConfig {
  const formFields: DynamicField[] = draft.formFields
    .filter((f) => f.isVisible)
    .map((f, ordering) => ({ ...f, ordering }));
  return {
    formFields,
    roles: rolesFor(formFields, draft.slotConfig, datedSlots),
    maxGuests: draft.slotConfig.restrictions.maxGuestsPerBooking,
    behavior: draft.behavior,
  };
}

function PreviewForm({ config, slots }: { config: FormConfig; slots: SlotLogic | undefined }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const initialValues = {
    ...Object.fromEntries(
      config.formFields.filter((f) => f.fieldType === 'email').map((f) => [f.fieldName, SAMPLE_EMAIL]),
    ),
    ...(config.formFields.some((f) => f.fieldName === 'fullName') ? { fullName: SAMPLE_NAME } : {}),
  };
  return (
    <DynamicFormBody
      config={config}
      slots={slots}
      initialValues={initialValues}
      errors={errors}
      setErrors={setErrors}
      disabled={false}
      submitLabel={() => 'SUBMIT'}
      // The preview never books: it only shows that the answers would pass.
      onValid={() =>
        toast({ title: 'Preview only', description: 'These answers would be accepted. Nothing was sent.' })
      }
    />
  );
}

/** Step 3: the real member form (the component /rsvp/{benefitId} uses), filled with sample data, before deploy. */
export function FormPreview({ draft, slots, sample }: { draft: Draft; slots: SlotRow[]; sample: boolean }) {
  const benefits = useAdminBenefits();
  const benefit = benefits.data?.find((b) => b.id === draft.benefitId.trim());
  const datedSlots = slots.length > 0 ? slots.some((s) => s.date) : undefined;
  const config = memberConfig(draft, datedSlots);
  const warnings = roleWarnings(
    draft.formFields.map((f, ordering) => ({ ...f, ordering })),
    draft.slotConfig,
    datedSlots,
  );
  return (
    <div className="min-w-0 space-y-3">
      <RoleWarnings warnings={warnings} />
      <DevicePreview
        title="Member form preview"
        titleId="form-preview-title"
        notes={<p className="text-xs text-zinc-400">Sample data. Submitting in the preview sends nothing.</p>}
      >
        <div data-testid="form-preview" className="px-4 py-6 sm:px-6">
          <RsvpArticle
            benefit={{
              title: benefit?.name ?? draft.configName,
              description: benefit?.description ?? '',
              imageUrl: benefit?.imageUrl,
            }}
          >
            <PreviewForm
              key={config.formFields.map((f) => f.fieldName).join('|')}
              config={config}
              slots={sampleSlots(draft, slots, sample, benefit?.timeZone ?? undefined)}
            />
          </RsvpArticle>
        </div>
      </DevicePreview>
    </div>
  );
}
