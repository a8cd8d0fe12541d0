/**
 * Text that PostgreSQL can store and every JSON reader can read: no NUL character (text columns refuse
 * it) and no lone UTF-16 surrogate (it has no UTF-8 encoding). Checked once where requests come in.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT = 'Text may not contain NUL characters or unpaired surrogates';
export const UNDECODABLE_QUERY = 'The address has a %-escape that is not UTF-8 text';

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/** For a JSON.parse reviver: whether a key and its value, when that is a string, can be stored. */
export const isStorableEntry = (key: string, value: unknown) =>
  isStorableText(key) && (typeof value !== 'string' || isStorableText(value));
