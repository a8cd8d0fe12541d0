import { eq } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { hasEnded } from '#common/event-time.ts';
import { DEFAULT_TRANSFER_SETTINGS, type TransferSettings, transferSettingsSchema } from '#common/transfers.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, type bookings } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { type BookingPolicy, changeUntil, type EventRow, type SlotRow } from '../booking-rules/index.ts';

type BookingRow = typeof bookings.$inferSelect;
const HOUR = 3_600_000;

/** The organiser's transfer settings for an event's benefit; an event without a benefit keeps the defaults. */
export async function transferSettingsOf(db: Db | Tx, event: EventRow): Promise<TransferSettings> {
  if (!event.benefitId) return DEFAULT_TRANSFER_SETTINGS;
  const [row] = await db
    .select({ s: benefits.transferSettings })
    .from(benefits)
    .where(eq(benefits.id, event.benefitId));
  return transferSettingsSchema.parse(row?.s ?? {});
}

/**
 * The last moment a place may be offered: the organiser's deadline, and never after the event's change deadline
 * (the release link's rule, the start, when member changes are off). Null when nothing bounds it.
 */
export function transferUntil(
  event: EventRow,
  slot: SlotRow | null,
  policy: BookingPolicy,
  settings: TransferSettings,
): Date | null {
  const hours = Math.max(settings.deadlineHours, policy.allowEditing ? policy.editingWindowHours : 0);
  return changeUntil({ ...policy, allowEditing: true, editingWindowHours: hours }, event, slot);
}

/** When a new offer expires: the organiser's hours from now, or the deadline if that comes first. */
export function offerExpiry(until: Date | null, settings: TransferSettings, now = new Date()): Date {
  const after = new Date(now.getTime() + settings.offerHours * HOUR);
  return until && until < after ? until : after;
}

/** Whether the organiser lets this kind of place go to someone else at all. */
function refuseByKind(booking: BookingRow, event: EventRow, settings: TransferSettings) {
  const off =
    settings.mode === 'off' ||
    (booking.drawOutcome === 'won' && !settings.drawWins) ||
    (event.benefitType === 'offer' && !settings.offerClaims);
  if (off) throw new HttpError(403, words('srv.transfer.off'), ERROR_CODE.transfersOff);
}

/**
 * Refuses a place that may not be handed on now, each way with its code; answers until when it may. Run before an
 * offer and again under the event's lock when it is accepted.
 */
export function refuseUntransferable(
  booking: BookingRow,
  event: EventRow,
  slot: SlotRow | null,
  policy: BookingPolicy,
  settings: TransferSettings,
  now = new Date(),
): Date | null {
  refuseByKind(booking, event, settings);
  if (booking.status !== 'confirmed' || booking.checkedInAt || booking.memberRemovedAt)
    throw new HttpError(409, words('srv.transfer.notTransferable'), ERROR_CODE.notTransferable);
  const until = transferUntil(event, slot, policy, settings);
  if (hasEnded(event, now) || (until && now >= until))
    throw new HttpError(409, words('srv.transfer.tooLate'), ERROR_CODE.transferTooLate);
  return until;
}
