import { describe, expect, it } from 'vitest';
import type { AttendeeMessage } from '#common/attendee-messages.ts';
import { MAIL_POLL_MS } from '#common/mail.ts';
import { messagesPollMs } from './messages-api.ts';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const message = (secondsAgo: number, pending: number): AttendeeMessage => ({
  id: `m${secondsAgo}`,
  subject: 'Venue moved',
  audience: 'confirmed',
  slotLabel: null,
  sentBy: 'admin@example.com',
  createdAt: new Date(NOW - secondsAgo * 1000).toISOString(),
  createdAtText: '',
  recipients: 2,
  sent: 2 - pending,
  failed: 0,
  pending,
});

describe('the attendee messages poll', () => {
  it('stops with nothing pending, watches a message just sent every 2 s, a longer send at the Outbox pace', () => {
    expect(messagesPollMs(undefined, NOW)).toBe(false);
    expect(messagesPollMs({ data: [message(5, 0)] }, NOW)).toBe(false);
    expect(messagesPollMs({ data: [message(5, 2)] }, NOW)).toBe(2_000);
    expect(messagesPollMs({ data: [message(300, 1)] }, NOW)).toBe(MAIL_POLL_MS);
    // A message sent just now that is already out does not speed up an older one still pending.
    expect(messagesPollMs({ data: [message(1, 0), message(300, 1)] }, NOW)).toBe(MAIL_POLL_MS);
    expect(messagesPollMs({ data: [message(1, 3), message(300, 1)] }, NOW)).toBe(2_000);
  });
});
