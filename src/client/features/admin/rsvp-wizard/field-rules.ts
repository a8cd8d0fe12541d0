import { CONFIG_MSG, FIELD_NAME_RULE } from '#common/rsvp-config.ts';
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

export type FieldErrors = Partial<Record<'fieldName' | 'displayName' | 'options' | 'pattern' | 'range', string>>;

/** The field editor's checks (the server's, from the common schema), with messages at their inputs. */
export function checkField(f: EditorField, optionsText: string, takenNames: string[]): FieldErrors {
  const e: FieldErrors = {};
  const name = f.fieldName.trim();
  if (!name) e.fieldName = 'Field name is required';
  else if (!FIELD_NAME_RULE.test(name)) e.fieldName = CONFIG_MSG.fieldNameRule;
  else if (takenNames.includes(name)) e.fieldName = CONFIG_MSG.fieldNameTaken(name);
  if (!f.displayName.trim()) e.displayName = 'Display name is required';
  if (f.fieldType === 'radio' && !optionsText.trim()) e.options = CONFIG_MSG.radioOptions;
  const v = f.validation;
  if (v.pattern) {
    try {
      new RegExp(v.pattern);
    } catch {
      e.pattern = 'This is not a valid regular expression';
    }
  }
  if (v.min !== undefined && v.max !== undefined && v.min > v.max) e.range = CONFIG_MSG.range;
  if (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength)
    e.range = CONFIG_MSG.lengthRange;
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
