import { describe, expect, it } from 'vitest';
import { serverMessageOr } from './admin-http.ts';
import { ApiError } from './api.ts';

const FALLBACK = 'Failed to create benefit. Please try again.';

describe('serverMessageOr', () => {
  it("shows the portal server's own {error}", () => {
    const err = new ApiError(400, '400: {"error":"Benefit name is required"}', '{"error":"Benefit name is required"}');
    expect(serverMessageOr(err, FALLBACK)).toBe('Benefit name is required');
  });

  it("falls back when a proxy answered: an empty body (statusText 'Bad Gateway') or an HTML page", () => {
    expect(serverMessageOr(new ApiError(502, '502: Bad Gateway', 'Bad Gateway'), FALLBACK)).toBe(FALLBACK);
    expect(serverMessageOr(new ApiError(502, '502: <html>', '<html><body>Bad gateway</body></html>'), FALLBACK)).toBe(
      FALLBACK,
    );
    expect(serverMessageOr(new ApiError(500, '500: {"error":""}', '{"error":""}'), FALLBACK)).toBe(FALLBACK);
  });

  it('falls back when the request never reached a server', () => {
    expect(serverMessageOr(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
  });
});
