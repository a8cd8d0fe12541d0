import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { releasePath } from '#common/constants.ts';
import { hasEnded } from '#common/event-time.ts';
import type { bookings } from '../../db/schema.ts';
import { type BookingPolicy, changeUntil, type EventRow, type SlotRow } from './booking-policy.ts';

type BookingRow = typeof bookings.$inferSelect;
type Signed = Pick<BookingRow, 'id' | 'calendarSequence'>;

const ID_BYTES = 16;
const SEQUENCE_BYTES = 4;
// 128 bits of HMAC: past guessing, and the link stays short enough for a mail line.
const MAC_BYTES = 16;
const TOKEN_BYTES = ID_BYTES + SEQUENCE_BYTES + MAC_BYTES;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

// The purpose is in the MAC's input, so the key could never sign anything else by accident.
const mac = (secret: string, body: Buffer) =>
  createHmac('sha256', secret).update('release-link:v1:').update(body).digest().subarray(0, MAC_BYTES);

/**
 * The release link's token for a booking as it is now: its id and calendar sequence, signed. Every change and the
 * cancellation bump the sequence, so the link dies with them (decision 016). 48 base64url characters.
 */
export function releaseToken(secret: string, booking: Signed): string {
  const body = Buffer.alloc(ID_BYTES + SEQUENCE_BYTES);
  uuidBytes(booking.id).copy(body, 0);
  body.writeUInt32BE(booking.calendarSequence, ID_BYTES);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The booking a token names and the sequence it was signed at, or null when it was not signed with this key. */
export function readReleaseToken(secret: string, token: string): { bookingId: string; sequence: number } | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== TOKEN_BYTES || raw.toString('base64url') !== token) return null;
  const body = raw.subarray(0, ID_BYTES + SEQUENCE_BYTES);
  if (!timingSafeEqual(mac(secret, body), raw.subarray(ID_BYTES + SEQUENCE_BYTES))) return null;
  return { bookingId: uuidText(body.subarray(0, ID_BYTES)), sequence: body.readUInt32BE(ID_BYTES) };
}

/** The confirmation page's address for a booking, as mails and My bookings link it. */
export const releaseUrl = (portalUrl: string, secret: string, booking: Signed) =>
  `${portalUrl}${releasePath(releaseToken(secret, booking))}`;

/** Until when a place may be released: the start of what it holds (the editing window's rule with no hours), else the end. */
export function releaseUntil(event: EventRow, slot: SlotRow | null, policy: BookingPolicy): Date | null {
  return changeUntil({ ...policy, allowEditing: true, editingWindowHours: 0 }, event, slot);
}

/** Whether a booking's release link works now: it holds or waits for a place and its booking has not started. */
export function releasable(booking: BookingRow, event: EventRow, slot: SlotRow | null, policy: BookingPolicy) {
  // A draw's entry holds no place to release: it is withdrawn instead.
  if (!ACTIVE_STATUSES.includes(booking.status as never) || booking.status === 'entered') return false;
  if (hasEnded(event)) return false;
  const until = releaseUntil(event, slot, policy);
  return until === null || new Date() < until;
}
