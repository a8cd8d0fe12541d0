import { Check, NumberInput, Section, TextInput } from './controls.tsx';
import type { Behavior, DraftErrors } from './draft.ts';

/** What the member sees around the form and after sending it (docs/spec/admin-and-rsvp.md §3 "Behavior"). */
export function BehaviorTab({
  value,
  onChange,
  errors,
}: {
  value: Behavior;
  onChange: (value: Behavior) => void;
  errors: DraftErrors;
}) {
  const set = <K extends keyof Behavior>(key: K, v: Behavior[K]) => onChange({ ...value, [key]: v });
  return (
    <div className="space-y-6">
      <Section title="Form">
        <div className="flex flex-wrap gap-6">
          <Check
            id="behavior-progress"
            label="Show progress bar"
            checked={value.showProgressBar}
            onChange={(v) => set('showProgressBar', v)}
          />
          <Check
            id="behavior-save-later"
            label="Enable save for later"
            checked={value.enableSaveForLater}
            onChange={(v) => set('enableSaveForLater', v)}
          />
          <Check
            id="behavior-terms"
            label="Require terms acceptance"
            checked={value.requireTermsAcceptance}
            onChange={(v) => set('requireTermsAcceptance', v)}
          />
        </div>
        {value.requireTermsAcceptance && (
          <TextInput
            id="behavior-terms-text"
            label="Terms Text"
            multiline
            value={value.termsText}
            onChange={(v) => set('termsText', v)}
          />
        )}
      </Section>
      <Section title="After submission">
        <TextInput
          id="behavior-success"
          label="Success Message"
          multiline
          value={value.successMessage}
          error={errors.successMessage}
          onChange={(v) => set('successMessage', v)}
        />
        <TextInput
          id="behavior-redirect"
          label="Redirect After Submission (optional)"
          hint="A portal path such as /benefits, or a full https:// address. Leave empty to stay on the page."
          value={value.redirectAfterSubmission ?? ''}
          error={errors.redirect}
          onChange={(v) => set('redirectAfterSubmission', v)}
        />
      </Section>
      <Section title="Changes">
        <Check
          id="behavior-allow-editing"
          label="Allow members to edit their RSVP"
          checked={value.allowEditing}
          onChange={(v) => set('allowEditing', v)}
        />
        <div className="max-w-xs">
          <NumberInput
            id="behavior-editing-window"
            label="Editing Window (hours)"
            min={1}
            max={168}
            disabled={!value.allowEditing}
            value={value.editingWindowHours}
            onChange={(v) => v !== undefined && set('editingWindowHours', v)}
          />
        </div>
      </Section>
    </div>
  );
}
