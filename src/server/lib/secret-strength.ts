/**
 * Whether a secret setting looks generated rather than typed. No test can measure a secret's real entropy; these
 * refuse what people type when asked for "32 characters" (one key held down, a repeated word, the alphabet) and
 * pass what `openssl rand -base64 32` or `openssl rand -hex 32` print.
 */
export const SECRET_MIN_LENGTH = 32;
/** Shannon entropy of the text's own characters, times its length: 'a' x 32 scores 0, 32 random hex digits 90 or more. */
export const SECRET_MIN_BITS = 80;
/** The longest run of neighbouring characters ('abcdef', '987654') a random secret plausibly holds. */
const MAX_RUN = 6;

export const SECRET_HOW_TO = 'make one with `openssl rand -base64 32`';

/**
 * Words of a placeholder or a typed phrase ('changeme', 'your-secret-here', 'a-production-secret-of…'). Six letters
 * or more: a generated base64 key of 44 characters holds one of them by chance about once in 10 million.
 */
const PLACEHOLDER_WORDS = [
  'changeme',
  'change-me',
  'change_me',
  'changeit',
  'placeholder',
  'example',
  'secret',
  'password',
  'passwd',
  'replace',
  'default',
  'insecure',
  'development',
  'production',
  'letmein',
  'qwerty',
];

export function estimatedBits(text: string): number {
  const counts = new Map<string, number>();
  const chars = [...text];
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  return perChar * chars.length;
}

/** A shorter text repeated ('abcabcabc…'), which the character count alone does not see. */
function isRepetition(text: string): boolean {
  return (text + text).indexOf(text, 1) < text.length;
}

function longestRun(text: string): number {
  let best = 1;
  let run = 1;
  let step = 0;
  for (let i = 1; i < text.length; i++) {
    const d = text.charCodeAt(i) - text.charCodeAt(i - 1);
    if ((d === 1 || d === -1) && (run === 1 || d === step)) run++;
    else run = d === 1 || d === -1 ? 2 : 1;
    step = d;
    best = Math.max(best, run);
  }
  return best;
}

/** What is wrong with a secret for production, or null. */
export function secretWeakness(value: string): string | null {
  if (value.length < SECRET_MIN_LENGTH) return `must be at least ${SECRET_MIN_LENGTH} characters`;
  if (value.trim() !== value) return 'must not start or end with spaces';
  if (isRepetition(value) || estimatedBits(value) < SECRET_MIN_BITS || longestRun(value) > MAX_RUN)
    return 'is too predictable (a repeated character or word, or a run like abcdef)';
  const lower = value.toLowerCase();
  const word = PLACEHOLDER_WORDS.find((w) => lower.includes(w));
  if (word) return `looks like a placeholder or a phrase (it contains "${word}")`;
  return null;
}
