import type { Tx } from '../../db/client.ts';
import type { Turn } from '../../lib/keyed-queue.ts';
import type { EventRow } from '../booking-rules/index.ts';

// The engine's request types, apart from reserve-place.ts so that place-batch.ts can use them without a cycle.

export type PlaceRequest = {
  eventId: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  phoneNumber?: string | null;
  slotId?: string | null;
  guestCount?: number;
  /** The form's own limit; a configuration's maxGuestsPerBooking wins over it. */
  maxGuests?: number;
  data?: Record<string, unknown>;
  /** Links in the e-mails point here. */
  portalUrl?: string;
  /** The request's place in the event's line, when the route took it on arrival (see inLine). */
  turn?: Turn;
  /** The route's own refusal on the event (e.g. "book through the form"), run on the engine's first read of it. */
  refuse?: (event: EventRow) => Promise<void>;
  /** Rows written with the booking (a form's answers): one `write` for every request of a batch that shares it. */
  also?: WrittenWith;
  /** Runs inside the booking transaction, after `also`, e.g. to write the admin's audit row. */
  alsoInTransaction?: (tx: Tx, booking: { id: string; status: string }) => Promise<void>;
};

/** What a request writes with its booking, through a write shared by all requests of its kind. */
// biome-ignore lint/suspicious/noExplicitAny: each kind of write types its own data
export type WrittenWith<T = any> = {
  write: (tx: Tx, items: { booking: { id: string; status: string }; data: T }[]) => Promise<void>;
  data: T;
};
