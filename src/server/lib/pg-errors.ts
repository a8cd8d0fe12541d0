/** The SQLSTATE of a database error, whether pg or PGlite threw it or Drizzle wrapped it (as `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Class 22 (data exception: bad date, value out of range, invalid text): the input's fault, a 400. */
export const isDataError = (err: unknown) => sqlState(err)?.startsWith('22') ?? false;

/** 55P03: a lock could not be had within lock_timeout. */
export const isLockTimeout = (err: unknown) => sqlState(err) === '55P03';
