import { RE2 } from 're2-wasm';
import safeRegex from 'safe-regex2';
import type { PatternTester } from '../../common/dynamic-form.ts';

/**
 * Admin-written patterns (a form field's `validation.pattern`) run on members' answers. On the server they
 * run on RE2, whose time is linear in the answer, so no pattern can block the event loop; at save a pattern
 * RE2 cannot run, or one with nested repetition (slow in browsers' own engines), is refused.
 */
const compiled = new Map<string, ((text: string) => boolean) | null>();
const COMPILED_MAX = 500;

export const re2Tester: PatternTester = (pattern) => {
  let test = compiled.get(pattern);
  if (test === undefined) {
    try {
      const re = new RE2(pattern, 'u');
      test = (text) => re.test(text);
    } catch {
      test = null; // refused at save; one stored before that check must not lock members out
    }
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(pattern, test);
  }
  return test;
};

/** Why an admin's pattern cannot be saved, or null when it can. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  if (re2Tester(pattern) === null)
    return 'uses a construct that cannot be checked safely (backreferences and lookaround are not supported)';
  if (!safeRegex(pattern)) return 'repeats a repetition (such as (a+)+), which can make checking an answer very slow';
  return null;
}
