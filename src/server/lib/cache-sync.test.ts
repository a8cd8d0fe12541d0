import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CACHE_CHANNEL, publisher } from './cache-sync.ts';

/** A stand-in database that records each statement's parameters and answers when told to. */
function recordingDb() {
  const dialect = new PgDialect();
  const sent: unknown[][] = [];
  const answers: (() => void)[] = [];
  const db = {
    execute: (query: SQL) => {
      sent.push(dialect.sqlToQuery(query).params);
      return new Promise<void>((resolve) => answers.push(resolve));
    },
  };
  const answerNext = async () => {
    answers.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { db: db as never, sent, answerNext };
}

describe('publisher (NOTIFY to other instances)', () => {
  it('keeps one NOTIFY in flight: changes made meanwhile go together in the next, each change once', async () => {
    const { db, sent, answerNext } = recordingDb();
    const publish = publisher(db, 'me');
    publish({ tag: 'event-1', keepFacts: true });
    for (let i = 0; i < 500; i++) publish({ tag: 'event-1', keepFacts: true });
    publish({ tag: 'event-2', keepFacts: false });
    publish({ tag: null, keepFacts: false });
    expect(sent).toHaveLength(1);
    await answerNext();
    expect(sent).toHaveLength(2);
    const change = (tag: string | null, keepFacts: boolean) => JSON.stringify({ from: 'me', tag, keepFacts });
    expect(sent[0]).toEqual([CACHE_CHANNEL, change('event-1', true)]);
    expect(sent[1]).toEqual([
      CACHE_CHANNEL,
      change('event-1', true),
      CACHE_CHANNEL,
      change('event-2', false),
      CACHE_CHANNEL,
      change(null, false),
    ]);
    await answerNext();
    publish({ tag: 'event-1', keepFacts: true }); // idle again: sent at once
    expect(sent).toHaveLength(3);
  });

  it('goes on after a NOTIFY fails', async () => {
    const dialect = new PgDialect();
    const sent: unknown[][] = [];
    const db = {
      execute: (query: SQL) => {
        sent.push(dialect.sqlToQuery(query).params);
        return sent.length === 1 ? Promise.reject(new Error('connection lost')) : Promise.resolve();
      },
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const publish = publisher(db as never, 'me');
      publish({ tag: 'a', keepFacts: false });
      publish({ tag: 'b', keepFacts: false });
      await new Promise((r) => setImmediate(r));
      expect(sent.map((p) => p[1])).toEqual([
        JSON.stringify({ from: 'me', tag: 'a', keepFacts: false }),
        JSON.stringify({ from: 'me', tag: 'b', keepFacts: false }),
      ]);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
