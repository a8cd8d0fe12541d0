import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { contractForBrowser } from '../../../scripts/contract-for-browser.ts';

// The browser's copy keeps each definition's method and path, and a map of routes by name as written.
test('strips each definition alone and keeps the maps between them', () => {
  const plugin = contractForBrowser() as { transform: (code: string, id: string) => string | null };
  const id = new URL('./attendees.ts', import.meta.url).pathname;
  const out = plugin.transform(readFileSync(id, 'utf8'), id) ?? '';
  expect(out).toContain(
    "export const resend = { method: 'POST', path: '/api/admin/events/:eventId/attendees/:bookingId/resend' };",
  );
  expect(out).toContain('export const actions = { cancel, approve, decline, promote, resend, move } as const;');
  expect(out).toContain("export const bulk = { method: 'POST', path: '/api/admin/events/:eventId/attendees/bulk' };");
  expect(out).not.toContain('summary');
});
