import { type FormEvent, useState } from 'react';
import { EDITOR_FIELD_TYPES, type FieldType } from '#common/rsvp-config.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Check, NumberInput, Select, TextInput } from './controls.tsx';
import { type EditorField, isChoiceType, isTextType, type Validation } from './draft.ts';
import { checkField, type FieldErrors, finishField, NEW_FIELD } from './field-rules.ts';

/** Add or edit one form field (docs/spec/admin-and-rsvp.md §3 "Form field"; editor types of §9). */
export function FieldDialog({
  open,
  onOpenChange,
  initial,
  takenNames,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: EditorField | null;
  takenNames: string[];
  onSave: (field: EditorField) => void;
}) {
  const [f, setF] = useState<EditorField>(initial ?? NEW_FIELD);
  const [optionsText, setOptionsText] = useState((initial?.options ?? []).join('\n'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof EditorField>(key: K, value: EditorField[K]) =>
    setF((prev) => ({ ...prev, [key]: value }));
  const setV = <K extends keyof Validation>(key: K, value: Validation[K]) =>
    setF((prev) => ({ ...prev, validation: { ...prev.validation, [key]: value } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkField(f, optionsText, takenNames);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(finishField(f, optionsText));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={initial ? 'Edit Field' : 'Add Field'}>
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            id="field-name"
            label="Field Name"
            hint="Internal key, e.g. fullName"
            value={f.fieldName}
            error={errors.fieldName}
            onChange={(v) => set('fieldName', v)}
          />
          <TextInput
            id="field-display-name"
            label="Display Name"
            hint="The label members see"
            value={f.displayName}
            error={errors.displayName}
            onChange={(v) => set('displayName', v)}
          />
        </div>
        <Select
          id="field-type"
          label="Field Type"
          value={f.fieldType}
          onChange={(v) => set('fieldType', v as FieldType)}
        >
          {EDITOR_FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <div className="flex flex-wrap gap-6">
          <Check id="field-required" label="Required" checked={f.isRequired} onChange={(v) => set('isRequired', v)} />
          <Check id="field-visible" label="Visible" checked={f.isVisible} onChange={(v) => set('isVisible', v)} />
        </div>
        <TextInput
          id="field-placeholder"
          label="Placeholder"
          value={f.placeholder}
          onChange={(v) => set('placeholder', v)}
        />
        <TextInput id="field-help" label="Help Text" value={f.helpText} onChange={(v) => set('helpText', v)} />
        {isChoiceType(f.fieldType) && (
          <TextInput
            id="field-options"
            label="Options (one per line)"
            multiline
            hint={
              f.fieldType === 'select'
                ? 'Leave empty for the time slot or date field: their choices come from the slot logic.'
                : undefined
            }
            value={optionsText}
            error={errors.options}
            onChange={setOptionsText}
          />
        )}
        {f.fieldType === 'number' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberInput
              id="field-min"
              label="Min"
              optional
              value={f.validation.min}
              onChange={(v) => setV('min', v)}
            />
            <NumberInput
              id="field-max"
              label="Max"
              optional
              value={f.validation.max}
              onChange={(v) => setV('max', v)}
            />
          </div>
        )}
        {isTextType(f.fieldType) && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <NumberInput
                id="field-min-length"
                label="Min Length"
                optional
                min={0}
                value={f.validation.minLength}
                onChange={(v) => setV('minLength', v)}
              />
              <NumberInput
                id="field-max-length"
                label="Max Length"
                optional
                min={0}
                value={f.validation.maxLength}
                onChange={(v) => setV('maxLength', v)}
              />
            </div>
            <TextInput
              id="field-pattern"
              label="Pattern (regular expression)"
              value={f.validation.pattern ?? ''}
              error={errors.pattern}
              onChange={(v) => setV('pattern', v)}
            />
            <TextInput
              id="field-custom-message"
              label="Custom Error Message"
              hint="Shown instead of the standard length and format messages"
              value={f.validation.customMessage ?? ''}
              onChange={(v) => setV('customMessage', v)}
            />
          </>
        )}
        {errors.range && (
          <p role="alert" className="text-sm text-red-400">
            {errors.range}
          </p>
        )}
        <div className="flex justify-end gap-3 border-t border-line pt-4">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">{initial ? 'Save Field' : 'Add Field'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
