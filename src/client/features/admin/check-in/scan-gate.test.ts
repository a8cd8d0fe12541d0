import { describe, expect, it } from 'vitest';
import { OUT_OF_VIEW_MS, type Sighting, sight } from './scan-gate.ts';

/** Feeds frames (a code or null) 250 ms apart and returns the codes that counted as scans. */
function scans(frames: (string | null)[]) {
  let last: Sighting | null = null;
  const out: string[] = [];
  frames.forEach((code, i) => {
    const next = sight(last, code, i * 250);
    last = next.last;
    if (next.scan && code) out.push(code);
  });
  return out;
}

describe('the door camera', () => {
  it('reads a pass held in view for 5 s (with frames it missed) once', () => {
    const held = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? null : 'PASS-A'));
    expect(scans(held)).toEqual(['PASS-A']);
  });

  it('reads the same pass again once it has been out of view, and another pass at once', () => {
    const away = Array(Math.ceil(OUT_OF_VIEW_MS / 250) + 1).fill(null);
    expect(scans(['PASS-A', 'PASS-A', ...away, 'PASS-A'])).toEqual(['PASS-A', 'PASS-A']);
    expect(scans(['PASS-A', 'PASS-B', 'PASS-A'])).toEqual(['PASS-A', 'PASS-B', 'PASS-A']);
  });
});
