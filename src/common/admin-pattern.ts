import { RE2JS } from 're2js';
import type { PatternTester } from './dynamic-form.ts';

/**
 * Admin-written patterns (a form field's `validation.pattern`) run on members' answers on RE2 (re2js), on the server
 * and in members' browsers alike: its time is linear in the answer whatever the pattern, and one engine on both
 * sides means the form and the server agree on every answer. No admin pattern ever runs on a backtracking engine
 * (JavaScript's own RegExp), where `(a|a)*$` takes seconds on 30 characters. The client imports this module
 * lazily, only for a form that has a pattern (re2js is ~40 KB gzip).
 */
const compiled = new Map<string, ((text: string) => boolean) | null>();
const COMPILED_MAX = 500;

/** Compiles on RE2, or null when RE2 cannot read the pattern (refused at save; one stored before must not lock out). */
export const linearPattern: PatternTester = (pattern) => {
  let test = compiled.get(pattern);
  if (test === undefined) {
    try {
      const re = RE2JS.compile(pattern);
      test = (text) => re.test(text);
    } catch {
      test = null;
    }
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(pattern, test);
  }
  return test;
};
