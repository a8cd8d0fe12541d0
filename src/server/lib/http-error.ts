import { codeForStatus, type ErrorCode } from '#common/error-codes.ts';

/** An error whose message is safe to show the user, answered as `{error, code}` with its status. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  /** Sent as Retry-After (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** More for programs, answered beside error and code (e.g. when a pass was already checked in). */
  readonly extra: Record<string, unknown> | undefined;
  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    opts: { retryAfterSeconds?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.extra = opts.extra;
  }
}
