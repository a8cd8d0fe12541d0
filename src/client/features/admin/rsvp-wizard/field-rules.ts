import { type EditorField, isChoiceType, isTextType, type Validation } from './draft.ts';

/** A blank field for the Add Field dialog. */
export const NEW_FIELD: EditorField = {
  fieldName: '',
  displayName: '',
  fieldType: 'text',
  isRequired: false,
  isVisible: true,
  placeholder: '',
  helpText: '',
  options: [],
  validation: {},
  columnMapping: null,
};

const NAME_RULE = /^[A-Za-z][A-Za-z0-9_]*$/;
export type FieldErrors = Partial<Record<'fieldName' | 'displayName' | 'options' | 'pattern' | 'range', string>>;

/** The field editor's checks; names must be unique within the form. */
export function checkField(f: EditorField, optionsText: string, takenNames: string[]): FieldErrors {
  const e: FieldErrors = {};
  const name = f.fieldName.trim();
  if (!name) e.fieldName = 'Field name is required';
  else if (!NAME_RULE.test(name)) e.fieldName = 'Use letters, digits and _ only, starting with a letter';
  else if (takenNames.includes(name)) e.fieldName = `Another field is already called "${name}"`;
  if (!f.displayName.trim()) e.displayName = 'Display name is required';
  if (f.fieldType === 'radio' && !optionsText.trim()) e.options = 'A radio field needs at least one option';
  const v = f.validation;
  if (v.pattern) {
    try {
      new RegExp(v.pattern);
    } catch {
      e.pattern = 'This is not a valid regular expression';
    }
  }
  if (v.min !== undefined && v.max !== undefined && v.min > v.max) e.range = 'Min must not be above max';
  if (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength)
    e.range = 'Min length must not be above max length';
  return e;
}

/** The edited field as stored: trimmed names, options one per line, only the rules its type uses. */
export function finishField(f: EditorField, optionsText: string): EditorField {
  const options = optionsText
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  const { min, max, minLength, maxLength, pattern, customMessage } = f.validation;
  const validation: Validation =
    f.fieldType === 'number'
      ? { min, max }
      : isTextType(f.fieldType)
        ? { minLength, maxLength, pattern: pattern || undefined, customMessage: customMessage || undefined }
        : {};
  return {
    ...f,
    fieldName: f.fieldName.trim(),
    displayName: f.displayName.trim(),
    options: isChoiceType(f.fieldType) ? [...new Set(options)] : [],
    validation,
  };
}
