import { z } from 'zod';

/** Free-form JSON a member sends (analytics, form answers) is stored as sent: these bound its cost. */
export const FREE_FORM_MAX_BYTES = 16 * 1024;
export const FREE_FORM_MAX_DEPTH = 8;

function depthOf(value: unknown, limit: number, depth = 1): number {
  if (depth > limit || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit, depth + 1));
    if (deepest > limit) break; // no need to walk the rest of a refused value
  }
  return deepest;
}

/** An object of free-form answers: at most 16 KB as JSON and 8 levels deep. */
export const boundedRecord = (what: string) =>
  z.record(z.string().max(200), z.unknown()).superRefine((value, ctx) => {
    if (depthOf(value, FREE_FORM_MAX_DEPTH) > FREE_FORM_MAX_DEPTH)
      ctx.addIssue({ code: 'custom', message: `${what} is nested too deeply (at most ${FREE_FORM_MAX_DEPTH} levels)` });
    else if (new TextEncoder().encode(JSON.stringify(value)).length > FREE_FORM_MAX_BYTES)
      ctx.addIssue({ code: 'custom', message: `${what} is too large (at most ${FREE_FORM_MAX_BYTES / 1024} KB)` });
  });
