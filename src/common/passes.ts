import { hasDoorType } from './benefit-type.ts';
/**
 * Passes and check-in at the door (docs/decisions/009). No zod here: member pages import it.
 */
/** admin: everything; staff: the door; partner: the benefits an admin assigns (docs/decisions/030). */
export const STAFF_ROLES = ['admin', 'staff', 'partner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An offer or an interest (nothing happening at a time) has no door: its booking carries no pass to show there. */
export const hasDoor = (event: { startsAt: Date | string | null; schedule: string; benefitType?: string }) =>
  event.startsAt !== null && event.schedule !== 'until' && hasDoorType(event.benefitType);

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 random bytes (128 bits) as 26 base32 characters. */
export function passCodeFrom(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** What staff type or a camera reads, as stored: upper case, no spaces or dashes, O→0 and I/L→1 (Crockford). */
export function normalisePassCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A wallet's refusals: the member's are said in their language (their keys, decision 072). */
export const WALLET_MSG = {
  notConfigured: 'This wallet is not set up on this portal',
  noPass: 'This booking has no pass',
  unauthorized: 'Not authorized for this pass',
} as const;

/** 'K7QD3M9X...' -> 'K7QD-3M9X-...': groups of four, for people to read. */
export const groupPassCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** Why a pass is refused at the door, by code, with the words staff see. */
export const CHECK_IN_MSG = {
  unknown: 'Unknown pass: no booking has this code.',
  alreadyCheckedIn: (at: string, by: string) => `Already checked in at ${at} by ${by}.`,
  cancelled: 'This booking was cancelled.',
  declined: 'This booking was declined.',
  transferred: 'This place was given to someone else: this pass no longer admits.',
  waitlisted: 'This member is on the waitlist, not admitted.',
  pending: 'This booking is awaiting approval.',
  memberRemoved: 'This pass is void: its holder is no longer a member.',
  otherEvent: (title: string) => `This pass is for another event: ${title}.`,
  otherSlot: (slot: string) => `This pass is for another time slot: ${slot}.`,
  staffOnly: 'Staff accounts can only use check-in.',
  partnerOnly: 'Partner accounts can only use their own benefits.',
} as const;
