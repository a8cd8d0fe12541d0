import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '#common/error-codes.ts';
import { isStorableEntry, isStorableText, UNDECODABLE_QUERY, UNSTORABLE_TEXT } from '#common/safe-text.ts';
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
    if (!isStorableEntry(key, value)) throw unstorableText();
    return value;
  });
}

/**
 * True when every %XX escape in a raw query string decodes to UTF-8 text. The router's parser keeps an escape it
 * cannot decode (`%C3%28`, `%FF`, a bare `%`) as those characters, so a search would quietly look for them.
 */
export function queryDecodes(query: string): boolean {
  if (!query.includes('%')) return true;
  try {
    decodeURIComponent(query); // '&' and '=' are ASCII: no sequence spans them, so one pass checks every part
    return true;
  } catch {
    return false;
  }
}

/** Path parameters and the query string: refused before any guard or handler reads them. */
export function registerSafeInput(app: FastifyInstance) {
  // Once for every route, first of all hooks: a query that is not UTF-8 text reaches no guard, limit or handler.
  app.addHook('onRequest', (req, _reply, done) => {
    const at = req.url.indexOf('?');
    if (at >= 0 && !queryDecodes(req.url.slice(at + 1)))
      return done(new HttpError(400, UNDECODABLE_QUERY, ERROR_CODE.invalidText));
    done();
  });
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
