import { codeForStatus, type ErrorCode } from '../../common/error-codes.ts';

/** An error whose message is safe to show the user, answered as `{error, code}` with its status. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  /** Sent as Retry-After (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    opts: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}
