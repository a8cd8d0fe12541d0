import { afterEach, describe, expect, it } from 'vitest';
import { linearPattern } from './admin-pattern.ts';
import { type DynamicField, patternsLeftToServer, validateDynamicForm } from './dynamic-form.ts';

// Decision 021: an admin's pattern never runs on JavaScript's backtracking RegExp, in the member's form or on the server.
const field = (pattern: string): DynamicField => ({
  fieldName: 'code',
  displayName: 'Member Code',
  fieldType: 'text',
  isRequired: true,
  isVisible: true,
  ordering: 0,
  validation: { pattern },
});
const CATASTROPHIC = ['^(a|a)*$', '(a|a)*$', '^(a|aa)+$', '^(\\w|\\d)+$', '^(a|b|ab)*c$'];

const NativeRegExp = globalThis.RegExp;
afterEach(() => {
  globalThis.RegExp = NativeRegExp;
});
/** Records every pattern handed to the RegExp constructor (with or without `new`) while `run` runs. */
function regExpSources(run: () => void): string[] {
  const sources: string[] = [];
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, args) {
      sources.push(String(args[0]));
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      sources.push(String(args[0]));
      return Reflect.apply(target, self, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
  return sources;
}

describe('admin patterns in the form validator', () => {
  it.each(CATASTROPHIC)('checks %s on 40 characters in well under a second, never through RegExp', (pattern) => {
    const answer = `${'a'.repeat(40)}!`;
    const started = performance.now();
    const sources = regExpSources(() => {
      for (const tester of [linearPattern, patternsLeftToServer])
        validateDynamicForm([field(pattern)], {}, { code: answer }, 2, tester);
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(sources).not.toContain(pattern);
  });

  it('gives the same verdicts as RE2 would: the form and the server agree', () => {
    const errorsOf = (pattern: string, code: string) => {
      const r = validateDynamicForm([field(pattern)], {}, { code }, 2, linearPattern);
      return r.success ? {} : r.errors;
    };
    expect(errorsOf('^(a|a)*$', `${'a'.repeat(40)}!`)).toEqual({ code: 'Member Code format is invalid' });
    expect(errorsOf('^(a|a)*$', 'a'.repeat(40))).toEqual({});
    expect(errorsOf('^[A-Z]{3}\\d{2}$', 'ABC12')).toEqual({});
    expect(errorsOf('^\\p{L}+$', 'Zoë')).toEqual({});
    expect(errorsOf('^.$', '😀')).toEqual({}); // code points, as with the 'u' flag
  });

  it('leaves patterns to the server while RE2 is not loaded, instead of falling back to RegExp', () => {
    const r = validateDynamicForm([field('^\\d+$')], {}, { code: 'abc' });
    expect(r.success).toBe(true);
  });

  it('answers null for what RE2 cannot read (backreferences, lookaround, huge counts): such a pattern is never run', () => {
    for (const p of ['(\\w)\\1', '(?=a)', '(?<=x)y', 'a{1,100000}', '[']) expect(linearPattern(p)).toBeNull();
  });
});
