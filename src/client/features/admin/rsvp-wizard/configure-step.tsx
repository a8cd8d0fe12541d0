import { ArrowLeft, Save } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { SlotRow } from '#common/sheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { BehaviorTab } from './behavior-tab.tsx';
import { BenefitIdInput } from './benefit-id-input.tsx';
import { TextInput } from './controls.tsx';
import { type Draft, type DraftErrors, type EditorField, retargetRoles } from './draft.ts';
import { FieldsTab } from './fields-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { SlotLogicTab } from './slot-logic-tab.tsx';

const TABS = [
  { value: 'fields', label: 'Form Fields' },
  { value: 'slots', label: 'Slot Logic' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'behavior', label: 'Behavior' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Step 2: name, benefit and the four tabs of settings (docs/spec/admin-and-rsvp.md §2). */
/** Where each of checkDraft's messages is shown, in the order of the page. */
const ERROR_FIELD_ORDER = ['configName', 'benefitId', 'successMessage', 'redirect'] as const;
const ERROR_FIELD_ID: Record<(typeof ERROR_FIELD_ORDER)[number], string> = {
  configName: 'configName',
  benefitId: 'benefitId',
  successMessage: 'behavior-success',
  redirect: 'behavior-redirect',
};

export function ConfigureStep({
  draft,
  onChange,
  slots,
  errors,
  saving,
  onBack,
  onSave,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  slots: SlotRow[];
  errors: DraftErrors;
  saving: boolean;
  onBack: () => void;
  /** Returns the problems that stopped the save, if any. */
  onSave: () => DraftErrors;
}) {
  const [tab, setTab] = useState<TabValue>('fields');
  const set = <K extends keyof Draft>(key: K, v: Draft[K]) => onChange({ ...draft, [key]: v });

  const saveField = (index: number | null, field: EditorField) => {
    const formFields = [...draft.formFields];
    let slotConfig = draft.slotConfig;
    if (index === null) formFields.push(field);
    else {
      const before = formFields[index];
      formFields[index] = field;
      if (before && before.fieldName !== field.fieldName)
        slotConfig = retargetRoles(slotConfig, before.fieldName, field.fieldName);
    }
    onChange({ ...draft, formFields, slotConfig });
  };
  const deleteField = (index: number) => {
    const gone = draft.formFields[index];
    if (!gone) return;
    onChange({
      ...draft,
      formFields: draft.formFields.filter((_, i) => i !== index),
      slotConfig: retargetRoles(draft.slotConfig, gone.fieldName, null),
    });
  };
  const moveField = (index: number, by: -1 | 1) => {
    const formFields = [...draft.formFields];
    const to = index + by;
    const [moved] = formFields.splice(index, 1);
    if (!moved || to < 0 || to > formFields.length) return;
    formFields.splice(to, 0, moved);
    set('formFields', formFields);
  };
  const save = () => {
    const found = onSave();
    if (found.successMessage || found.redirect) setTab('behavior');
    // The first field with a message comes into view with the focus, once its tab is drawn.
    const first = ERROR_FIELD_ORDER.find((key) => found[key]);
    if (first)
      requestAnimationFrame(() => {
        const input = document.getElementById(ERROR_FIELD_ID[first]);
        input?.scrollIntoView({ block: 'center' });
        input?.focus({ preventScroll: true });
      });
  };

  return (
    <div className="space-y-6 rounded-xl border border-line bg-panel p-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Configure RSVP</h2>
        <p className="mt-1 text-sm text-zinc-400">
          Saving keeps the configuration as a draft; members see it only after you deploy it in the next step.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <TextInput
          id="configName"
          label="Configuration Name"
          placeholder="e.g. Yacht Brunch RSVP"
          value={draft.configName}
          error={errors.configName}
          onChange={(v) => set('configName', v)}
        />
        <BenefitIdInput value={draft.benefitId} error={errors.benefitId} onChange={(v) => set('benefitId', v)} />
      </div>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabValue)}>
        <Tabs.List aria-label="Configuration sections" className="flex gap-1 overflow-x-auto border-b border-line">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-zinc-400 hover:text-white data-[state=active]:border-gold data-[state=active]:text-gold"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="pt-6">
          <Tabs.Content value="fields">
            <FieldsTab fields={draft.formFields} onSave={saveField} onDelete={deleteField} onMove={moveField} />
          </Tabs.Content>
          <Tabs.Content value="slots">
            <SlotLogicTab
              value={draft.slotConfig}
              onChange={(v) => set('slotConfig', v)}
              fields={draft.formFields}
              slots={slots}
            />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <NotificationsTab value={draft.notifications} onChange={(v) => set('notifications', v)} />
          </Tabs.Content>
          <Tabs.Content value="behavior">
            <BehaviorTab value={draft.behavior} onChange={(v) => set('behavior', v)} errors={errors} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      {/* Actions sit on the left: toasts appear bottom right and would cover them. */}
      <div className="flex flex-wrap gap-3 border-t border-line pt-6">
        <Button onClick={save} disabled={saving}>
          <Save size={16} aria-hidden />
          {saving ? 'Saving...' : 'Save Configuration'}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={saving}>
          <ArrowLeft size={16} aria-hidden />
          Back to Processing
        </Button>
      </div>
    </div>
  );
}
