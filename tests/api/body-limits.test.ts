import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FORM_MAX_BYTES } from '#common/bounded-json.ts';
import { BODY_TOO_LARGE, MEMBER_BODY_MAX_BYTES } from '../../src/server/lib/body-limits.ts';
import { benefitLogo, postMultipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Each route reads what it needs, strangers no more than a member's largest body (decision 045).
let t: TestApp;
let member: string;
let admin: string;
const TOO_LARGE = { error: BODY_TOO_LARGE, code: 'payload_too_large' };

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn('bodies@example.com');
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

// Raw inject: the body may be a stream, which the shared helpers do not send.
const send = (url: string, body: string | Readable, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      // A stream is sent as HTTP sends it: chunked, no Content-Length.
      ...(typeof body === 'string' ? {} : { 'transfer-encoding': 'chunked' }),
      ...(cookie ? { cookie } : {}),
    },
    payload: body,
  });
/** A JSON object of about `bytes` bytes. */
const jsonOf = (bytes: number) => JSON.stringify({ note: 'x'.repeat(bytes) });

describe('body limits per route', () => {
  it('answers 413 with a code to an oversize body on a signed-out route and on a member route', async () => {
    const big = jsonOf(MEMBER_BODY_MAX_BYTES + 1024);
    const login = await send('/api/auth/login', big);
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual(TOO_LARGE);
    for (const cookie of [member, undefined]) {
      const tracked = await send('/api/analytics/submission', big, cookie);
      expect(tracked.statusCode).toBe(413);
      expect(tracked.json()).toEqual(TOO_LARGE);
    }
    const booking = await send('/api/rsvp/after2049', jsonOf(1024 * 1024), member);
    expect(booking.json()).toEqual(TOO_LARGE);
  });

  it('cuts a chunked body (no Content-Length) once it passes the limit', async () => {
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(8 * 1024, 0x20));
    const res = await send('/api/auth/login', Readable.from(chunks));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(TOO_LARGE);
  });

  it("takes the largest legitimate member body: a submission's 16 KB answers with every other field at its longest", async () => {
    const wide = (n: number) => '€'.repeat(n); // 3 bytes each in UTF-8
    const answers = { note: wide(Math.floor((FREE_FORM_MAX_BYTES - 20) / 3)) };
    expect(new TextEncoder().encode(JSON.stringify(answers)).length).toBeLessThanOrEqual(FREE_FORM_MAX_BYTES);
    const body = JSON.stringify({
      submissionType: 'FORM',
      formType: wide(100),
      benefitId: 'jai-one-siam',
      benefitTitle: wide(300),
      submissionData: answers,
      userAgent: wide(512),
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(FREE_FORM_MAX_BYTES + 2500);
    const res = await send('/api/analytics/submission', body, member);
    expect(res.statusCode).toBe(201);
  });

  it("refuses an admin route's larger body to anyone but a signed-in admin, before reading it", async () => {
    const big = jsonOf(200 * 1024);
    for (const cookie of [undefined, member, 'portal_admin=forged-session-token']) {
      const res = await send('/api/admin/members/import/preview', big, cookie);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_LARGE);
    }
    // Chunked, it is cut at the member limit rather than the route's.
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(8 * 1024, 0x20));
    const chunked = await send('/api/admin/members/import/preview', Readable.from(chunks));
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toEqual(TOO_LARGE);
    // A small body still meets the guard, as before.
    expect((await send('/api/admin/members/import/preview', jsonOf(10))).statusCode).toBe(401);
  });

  it('takes an admin CSV upload at its size (1.5 MB, over the old 1 MB limit)', async () => {
    const lines = ['email,firstName,lastName'];
    for (let i = 0, size = 0; size < 1.5 * 1024 * 1024; i++) {
      const line = `member-${i}@example.com,First${i},"Last, ""${i}"""`;
      lines.push(line);
      size += line.length + 1;
    }
    const csv = lines.join('\n');
    const res = await send('/api/admin/members/import/preview', JSON.stringify({ csv }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.length).toBe(lines.length - 1);
  });

  it('takes an admin image upload near its 5 MB cap', async () => {
    // A PNG followed by padding: the file's bytes are what the cap counts.
    const image = Buffer.concat([await benefitLogo(), Buffer.alloc(4.8 * 1024 * 1024)]);
    const res = await postMultipart(t.app, '/api/upload-image', admin, {}, [
      { field: 'image', filename: 'big.png', contentType: 'image/png', data: image },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toMatch(/^\/api\/images\//);
  });
});
