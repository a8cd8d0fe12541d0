import { codeForStatus, type ErrorCode } from '#common/error-codes.ts';
import { say, type Words } from './member-words.ts';

/** An error whose message is safe to show the user, answered as `{error, code}` with its status. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  /** Sent as Retry-After (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** More for programs, answered beside error and code (e.g. when a pass was already checked in). */
  readonly extra: Record<string, unknown> | undefined;
  /** A member's sentence by key: the answer is written in the reader's language (decision 072); `message` is English. */
  readonly words: Words | undefined;
  constructor(
    readonly statusCode: number,
    message: string | Words,
    code?: ErrorCode,
    opts: { retryAfterSeconds?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(typeof message === 'string' ? message : say(message));
    this.words = typeof message === 'string' ? undefined : message;
    this.code = code ?? codeForStatus(statusCode);
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.extra = opts.extra;
  }
}
