import { useEffect, useState } from 'react';
import { type DynamicField, type PatternTester, patternsLeftToServer } from '#common/dynamic-form.ts';

let loaded: PatternTester | null = null;

/**
 * The server's engine for admin patterns (RE2, common/admin-pattern.ts), fetched only for a form that has a pattern.
 * Until it arrives, or if it cannot, patterns are left to the server, whose answer shows under the field all the
 * same: never JavaScript's own RegExp, which backtracks.
 */
export function usePatternTester(fields: DynamicField[]): PatternTester {
  const wanted = fields.some((f) => Boolean(f.validation?.pattern));
  const [tester, setTester] = useState<PatternTester | null>(() => loaded);
  useEffect(() => {
    if (!wanted || tester) return;
    let live = true;
    import('#common/admin-pattern.ts')
      .then((m) => {
        loaded = m.linearPattern;
        if (live) setTester(() => m.linearPattern);
      })
      .catch(() => undefined); // offline: the server checks
    return () => {
      live = false;
    };
  }, [wanted, tester]);
  return tester ?? patternsLeftToServer;
}
