import { offlineKeyHeader } from './offline-copy.ts';

/** The one HTTP client (docs/spec/member-portal.md §7): cookies, JSON, errors as `status: body`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
    /** The language of the server's words (its Content-Language; English unless it says): decision 072. */
    readonly lang = 'en',
  ) {
    super(message);
  }
  /** The server's `{error}` text when there is one, else the whole message. */
  get serverMessage(): string {
    const error = this.parsed().error;
    return typeof error === 'string' ? error : this.body || this.message;
  }
  /**
   * Only what the portal's own server said (`{error}`), or null: an empty body, a proxy's 'Bad Gateway' or an HTML
   * error page are not words for people, so callers show their own fallback instead.
   */
  get serverError(): string | null {
    const error = this.parsed().error;
    return typeof error === 'string' && error.trim() ? error : null;
  }
  /** The server's stable `code` (src/common/error-codes.ts): what programs branch on, never the text. */
  get code(): string | null {
    const code = this.parsed().code;
    return typeof code === 'string' ? code : null;
  }
  private parsed(): { error?: unknown; code?: unknown } {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {}; // not JSON
    }
  }
}

/** Whether the server said the member's session is gone (status and code, never the wording). */
export const isSignedOutError = (err: unknown) =>
  err instanceof ApiError && (err.status === 401 || err.code === 'not_signed_in');

const langOf = (res: Response) => res.headers.get('content-language') ?? 'en';

async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`, text, langOf(res));
}

// The language each answer's words came in (an RSVP's message), kept beside it rather than in the typed answer.
const answerLangs = new WeakMap<object, string>();

/** The language of an answer's words (`message`): the server's Content-Language, else English. */
export const answerLang = (answer: unknown): string =>
  (answer && typeof answer === 'object' ? answerLangs.get(answer) : undefined) ?? 'en';

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    // A read carries the session's offline key: the service worker seals what it keeps with it (decision 047).
    headers: { 'Content-Type': 'application/json', ...(method === 'GET' ? offlineKeyHeader() : {}) },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  const text = await res.text();
  const answer: unknown = text ? JSON.parse(text) : null;
  if (answer && typeof answer === 'object') answerLangs.set(answer, langOf(res));
  return answer as T;
}
