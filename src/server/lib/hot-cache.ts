import { createHash } from 'node:crypto';
import { constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { perDatabase } from './per-database.ts';

/** A serialised answer (bytes, gzipped too when large) and its validator, computed once per cache fill. */
export type HotAnswer = { body: Buffer; gzip: Buffer | null; etag: string };
type Entry = HotAnswer & { expiresAt: number };
/** An invalidation as the other instances hear it: a tag and whether its facts stay (tag null: every fact goes). */
export type CacheChange = { tag: string | null; keepFacts: boolean };

/** How long a polled count may be served from memory; a booking in this process drops it at once. */
export const COUNTS_TTL_MS = 2_000;

/** The tag of answers about every event at once (which are full): any event's change drops them too. */
export const ACROSS_EVENTS = 'sold-out';
/** The member dashboard's benefit list; an admin edit in this process drops it at once. */
export const BENEFITS_TTL_MS = 5_000;
export const BENEFITS_TAG = 'benefits';

const MAX_ENTRIES = 2_000;
/** Smaller answers go out as they are: gzip would save little and cost a header. */
const GZIP_FROM_BYTES = 1024;

/**
 * A short in-process cache for hot reads (polled slot counts, the benefit list).
 *
 * Entries carry a tag (an event id, or 'benefits'); `invalidate(tag)` drops them and bumps the
 * tag's generation, so a read that started before a booking committed never stores its older
 * answer: after a booking's 201 the next read is fresh. Concurrent misses share one query.
 * Other processes on the same database see a change after at most the TTL.
 */
export class HotCache {
  readonly #entries = new Map<string, Entry>();
  readonly #facts = new Map<string, { value: unknown; expiresAt: number }>();
  readonly #generation = new Map<string, number>();
  readonly #factGeneration = new Map<string, number>();
  /** Bumped by forgetFacts: every tag's fact generation includes it. */
  #factEpoch = 0;
  readonly #inflight = new Map<string, { generation: number; promise: Promise<HotAnswer> }>();
  /** Tells the other instances on the same database (set on PostgreSQL: docs/decisions/014). */
  publish: ((change: CacheChange) => void) | null = null;

  /** The stored answer as it is (no promise on a hit), else the one load that concurrent misses share. */
  get(
    tag: string,
    key: string,
    ttlMs: number,
    load: () => Promise<unknown>,
    schema?: ZodType,
  ): HotAnswer | Promise<HotAnswer> {
    const k = `${tag}\u0000${key}`;
    const started = Date.now();
    const hit = this.#entries.get(k);
    if (hit && hit.expiresAt > started) return hit;
    const generation = this.generationOf(tag);
    const pending = this.#inflight.get(k);
    if (pending && pending.generation === generation) return pending.promise;

    const promise = (async (): Promise<HotAnswer> => {
      const value = await load();
      const answer = hotAnswer(JSON.stringify(schema ? z.encode(schema, value) : value));
      if (this.generationOf(tag) === generation) this.#store(k, { ...answer, expiresAt: started + ttlMs });
      return answer;
    })();
    this.#inflight.set(k, { generation, promise });
    const forget = () => {
      if (this.#inflight.get(k)?.promise === promise) this.#inflight.delete(k);
    };
    promise.then(forget, forget);
    return promise;
  }

  generationOf(tag: string) {
    return this.#generation.get(tag) ?? 0;
  }

  /** The generation of the tag's facts now: pass it to `remember` so a fact seen before a change is not kept after it. */
  factGenerationOf(tag: string) {
    return `${this.#factEpoch}.${this.#factGeneration.get(tag) ?? 0}`;
  }

  /** Keeps a fact (a value, not an answer) under `tag` until the TTL or an invalidation that drops facts. */
  remember(tag: string, key: string, value: unknown, ttlMs: number, generation: string) {
    if (this.factGenerationOf(tag) !== generation) return;
    if (this.#facts.size >= MAX_ENTRIES) this.#facts.clear();
    this.#facts.set(`${tag}\u0000${key}`, { value, expiresAt: Date.now() + ttlMs });
  }

  recall<T>(tag: string, key: string): T | undefined {
    const fact = this.#facts.get(`${tag}\u0000${key}`);
    return fact && fact.expiresAt > Date.now() ? (fact.value as T) : undefined;
  }

  /**
   * Drops every answer under `tag` and those about every event at once, here and in the other instances; call it
   * after the change committed. Facts go too, unless the change could only make them more cautious (`keepFacts`: a
   * booking only takes places).
   */
  invalidate(tag: string, { keepFacts = false, fromPeer = false } = {}) {
    for (const dropped of tag === ACROSS_EVENTS ? [tag] : [tag, ACROSS_EVENTS]) {
      this.#generation.set(dropped, (this.#generation.get(dropped) ?? 0) + 1);
      const prefix = `${dropped}\u0000`;
      for (const k of this.#entries.keys()) if (k.startsWith(prefix)) this.#entries.delete(k);
    }
    const prefix = `${tag}\u0000`;
    if (!keepFacts) {
      this.#factGeneration.set(tag, (this.#factGeneration.get(tag) ?? 0) + 1);
      for (const k of this.#facts.keys()) if (k.startsWith(prefix)) this.#facts.delete(k);
    }
    if (!fromPeer) this.publish?.({ tag, keepFacts });
  }

  /** Drops every fact (an admin change may free places anywhere), here and in the other instances. */
  forgetFacts({ fromPeer = false } = {}) {
    this.#factEpoch++;
    this.#facts.clear();
    if (!fromPeer) this.publish?.({ tag: null, keepFacts: false });
  }

  #store(k: string, entry: Entry) {
    if (this.#entries.size >= MAX_ENTRIES) {
      const now = Date.now();
      for (const [key, e] of this.#entries) if (e.expiresAt <= now) this.#entries.delete(key);
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    }
    this.#entries.set(k, entry);
  }
}

// One cache per database handle: each app (and each test's database) has its own.
export const hotCache = perDatabase(() => new HotCache());

export function hotAnswer(json: string): HotAnswer {
  const body = Buffer.from(json);
  const gzip = body.length >= GZIP_FROM_BYTES ? gzipSync(body, { level: constants.Z_BEST_COMPRESSION }) : null;
  return { body, gzip, etag: etagOf(body) };
}

export const etagOf = (body: Buffer | string) =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
export function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

// Browsers send the same Accept-Encoding on every request: the last one's answer is kept (read on every hot read).
let lastAcceptEncoding = '';
let lastAcceptsGzip = false;

/** Accept-Encoding names gzip (or *) without q=0. */
export function acceptsGzip(header: string | string[] | undefined) {
  if (typeof header !== 'string') return false;
  if (header !== lastAcceptEncoding) {
    lastAcceptsGzip = namesGzip(header);
    lastAcceptEncoding = header;
  }
  return lastAcceptsGzip;
}

function namesGzip(header: string) {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && !(q && Number(q.slice(2)) === 0);
  });
}

/**
 * Sends a cached JSON answer with its ETag, or 304 when the client already holds it; a large
 * answer goes gzipped to a client that accepts it (the bytes were compressed once, at the fill).
 * `no-cache` lets a browser keep the answer but makes it ask again on every poll.
 */
/** sendHot on the same tick when the answer is stored, or once it has loaded: a route handler returns this. */
export function replyHot(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: HotAnswer | Promise<HotAnswer>,
  privacy?: string,
): Promise<void> | undefined {
  if (answer instanceof Promise)
    return answer.then((loaded) => {
      sendHot(req, reply, loaded, privacy);
    });
  sendHot(req, reply, answer, privacy);
  return undefined;
}

function sendHot(req: FastifyRequest, reply: FastifyReply, answer: HotAnswer, privacy = 'public') {
  reply.header('etag', answer.etag).header('cache-control', `${privacy}, no-cache`);
  if (answer.gzip) reply.header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (answer.gzip && acceptsGzip(req.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}
