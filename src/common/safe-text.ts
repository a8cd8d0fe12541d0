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
