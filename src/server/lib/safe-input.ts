import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '../../common/error-codes.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../../common/safe-text.ts';
import { HttpError } from './http-error.ts';

export const unstorableText = () => new HttpError(400, UNSTORABLE_TEXT, ERROR_CODE.invalidText);

/** Throws 400 when any string in a parsed value (keys too) cannot be stored; walks without recursion. */
export function assertStorable(value: unknown) {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) throw unstorableText();
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (!isStorableText(key)) throw unstorableText();
        pending.push(child);
      }
    }
  }
}

/** JSON.parse that refuses unstorable text as it reads (the reviver sees every key and string). */
export function parseStorableJson(text: string): unknown {
  return JSON.parse(text, (key, value) => {
    if (!isStorableText(key) || (typeof value === 'string' && !isStorableText(value))) throw unstorableText();
    return value;
  });
}

/** Path parameters and the query string: refused before any guard or handler reads them. */
export function registerSafeInput(app: FastifyInstance) {
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      assertStorable(req.params);
      assertStorable(req.query);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}
