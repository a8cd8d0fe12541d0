import safeRegex from 'safe-regex2';
import { linearPattern } from '#common/admin-pattern.ts';

/**
 * Why an admin's pattern cannot be saved, or null when it can. Patterns run on RE2 only (common/admin-pattern.ts);
 * one must read the same in JavaScript's syntax as well (what the wizard and admins expect), and nested repetition
 * is still refused, so a browser still running an older bundle (JavaScript's engine) is never handed a slow one.
 */
export function patternProblem(pattern: string): string | null {
  try {
    // Parsed, never run: the syntax check only.
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  if (linearPattern(pattern) === null)
    return 'uses a construct that cannot be checked safely (backreferences, lookaround and repeat counts over 1000 are not supported)';
  if (!safeRegex(pattern)) return 'repeats a repetition (such as (a+)+), which can make checking an answer very slow';
  return null;
}
