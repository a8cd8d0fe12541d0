import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '#common/admin.ts';
import { linearPattern } from '#common/admin-pattern.ts';
import type { SessionUser } from '#common/auth.ts';
import {
  DYN_MSG,
  type DynamicField,
  type DynMessages,
  type FormRoles,
  identityFields,
  rolesFor,
  validateDynamicForm,
  validationSummary,
} from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { StoredField } from '#common/rsvp-config-versions.ts';
import type { SlotRow } from '#common/sheets.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertRecords } from '../../db/insert-records.ts';
import { benefits, dynamicSubmissions, eventSlots, events, rsvpConfigurations } from '../../db/schema.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Turn } from '../../lib/keyed-queue.ts';
import { words } from '../../lib/member-words.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { liveFormFor, readConfig, toStoredField } from '../configurations/index.ts';
import { enqueueAll } from '../outbox/index.ts';
import { parseSheetUrl, SHEETS_APPEND, type SheetsAppendPayload } from '../sheets/index.ts';
import { eventRow } from './crowd-reads.ts';
import { findSlot } from './event-slots.ts';
import { lockEvent } from './place-batch.ts';
import type { WrittenWith } from './place-request.ts';
import { inLine, reservePlace } from './reserve-place.ts';

const notAvailable = words('srv.rsvp.formNotAvailable');
export const dynamicEventId = (benefitId: string) => `dynamic:${benefitId}`;

type ConfigRow = typeof rsvpConfigurations.$inferSelect;
/** A field plus the sheet column it came from, for the export. */
type ExportField = StoredField;

/** The live form of a benefit, or the spec's reason why there is none (docs/spec/admin-and-rsvp.md §2). */
export async function loadLiveForm(db: Db, benefitId: string) {
  // Asked together: every submission in a rush waits for this before its place in line is served.
  const [[benefit], found, datedSlots] = await Promise.all([
    db
      .select()
      .from(benefits)
      .where(and(eq(benefits.id, benefitId), isNull(benefits.deletedAt))),
    liveFormFor(db, benefitId),
    slotsDated(db, dynamicEventId(benefitId)),
  ]);
  if (!benefit) throw new HttpError(404, ADMIN_MSG.benefitNotFound);
  // A saved draft that was never deployed is 'not available'; no configuration at all, 'not found'.
  if (!found) throw new HttpError(404, (await hasConfig(db, benefitId)) ? notAvailable : ADMIN_MSG.configNotFound);
  const fields: ExportField[] = found.fields.map(toStoredField);
  if (fields.every((f) => !f.isVisible)) throw new HttpError(404, notAvailable);
  const { slotConfig } = found.config;
  const roles = rolesFor(fields, slotConfig, datedSlots);
  return {
    benefit,
    config: found.config,
    fields,
    roles,
    maxGuests: slotConfig.restrictions.maxGuestsPerBooking,
    sheet: exportTarget(found.config), // once per read of the form, not once per answer in a rush
  };
}

type LiveForm = Awaited<ReturnType<typeof loadLiveForm>>;

/** Whether the slots members are offered carry dates (undefined without slots): it decides the date role. */
async function slotsDated(db: Db, eventId: string): Promise<boolean | undefined> {
  const rows = await db
    .select({ dated: sql<boolean>`bool_or(${eventSlots.slotDate} is not null)` })
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, eventId), eq(eventSlots.isActive, true)));
  return rows[0]?.dated ?? undefined;
}

/** The slot, date and guest fields of the form an event is booked through (none when it has no live form). */
export async function formRolesOf(
  db: Db | Tx,
  event: Pick<EventRowOf, 'bookingForm' | 'benefitId'>,
): Promise<FormRoles> {
  if (event.bookingForm !== 'dynamic' || !event.benefitId) return {};
  return loadLiveForm(db as Db, event.benefitId).then(
    (form) => form.roles,
    () => ({}), // the form was taken down since: the concierge names still follow
  );
}
type Loaded = { form: LiveForm } | { error: unknown };

/** Submissions to one form in the same turn read it once (a rush is a thousand of them): a coalesced read, not a cache. */
const liveForms = perDatabase((db: Db) =>
  batchLoader<Loaded>(async (benefitIds) => {
    const loaded = new Map<string, Loaded>();
    for (const id of benefitIds)
      loaded.set(
        id,
        await loadLiveForm(db, id).then(
          (form) => ({ form }),
          (error: unknown) => ({ error }),
        ),
      );
    return loaded;
  }),
);

async function sharedLiveForm(db: Db, benefitId: string): Promise<LiveForm> {
  const loaded = await liveForms(db)(benefitId);
  if (!loaded || 'error' in loaded) throw loaded?.error ?? new HttpError(404, ADMIN_MSG.benefitNotFound);
  return loaded.form;
}

type EventRowOf = typeof events.$inferSelect;
const SCHEDULE = ['schedule', 'timeZone', 'startsAt', 'endsAt', 'location', 'venueAddress', 'mapUrl'] as const;

/** When and where of an event, as a form's event copies it from the benefit's own (capacity stays the form's). */
export const scheduleOf = (event: EventRowOf) =>
  Object.fromEntries(SCHEDULE.map((k) => [k, event[k]])) as Pick<EventRowOf, (typeof SCHEDULE)[number]>;

const sameSchedule = (a: EventRowOf, b: EventRowOf) =>
  SCHEDULE.every((k) => {
    const x = a[k];
    const y = b[k];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });

/**
 * Every dynamic form books through an event of its own, created when it goes live. On a benefit with an event of
 * its own (the seeded catalogue's), the form's event follows that one's date, time zone and venue: its slots are
 * on that day, its calendar entries have times, and it ends when the event does.
 */
export async function ensureDynamicEvent(db: Db, benefit: typeof benefits.$inferSelect) {
  const id = dynamicEventId(benefit.id);
  // Every submission passes here: a write (and the row lock it takes) only when something changed, never in a rush.
  const [current, own] = await Promise.all([eventRow(db, id), eventRow(db, benefit.id)]);
  const follows = !own || (current !== undefined && sameSchedule(current, own));
  // An event without a contact is one the organiser chose not to notify the partner of (decision 053).
  const contact = current && current.partnerContactEmail === null ? null : benefit.partnerContactEmail;
  if (current && follows && current.title === benefit.title && current.partnerContactEmail === contact) return id;
  const followed = own ? scheduleOf(own) : {};
  await db
    .insert(events)
    .values({
      id,
      benefitId: benefit.id,
      title: benefit.title,
      description: benefit.formDescription || benefit.description,
      bookingForm: 'dynamic',
      partnerContactEmail: contact,
      ...followed,
    })
    .onConflictDoUpdate({
      target: events.id,
      set: { title: benefit.title, partnerContactEmail: contact, ...followed },
    });
  afterCommit(db, (root) => hotCache(root).invalidate(id));
  return id;
}

/** Capacities from Tab 2 replace the stored ones; booked counts stay (the database holds them). */
export async function importSlots(db: Db, eventId: string, slots: SlotRow[]) {
  await db.transaction(async (tx) => {
    await lockEvent(tx, eventId); // bookings lock the event before a slot: the same order here, so no deadlock
    const keep: string[] = [];
    for (const [i, s] of slots.entries()) {
      const dateCond = s.date ? eq(eventSlots.slotDate, s.date) : sql`${eventSlots.slotDate} is null`;
      const [row] = await tx
        .update(eventSlots)
        .set({ capacity: s.bookableSlots, isActive: true, sortKey: i })
        .where(and(eq(eventSlots.eventId, eventId), eq(eventSlots.slotTime, s.timeSlot), dateCond))
        .returning({ id: eventSlots.id });
      if (row) keep.push(row.id);
      else {
        const [made] = await tx
          .insert(eventSlots)
          .values({
            eventId,
            slotDate: s.date && /^\d{4}-\d{2}-\d{2}$/.test(s.date) ? s.date : null,
            slotTime: s.timeSlot,
            capacity: s.bookableSlots,
            sortKey: i,
          })
          .returning({ id: eventSlots.id });
        if (made) keep.push(made.id);
      }
    }
    const gone = keep.length
      ? and(eq(eventSlots.eventId, eventId), notInArray(eventSlots.id, keep))
      : eq(eventSlots.eventId, eventId);
    await tx.update(eventSlots).set({ isActive: false }).where(gone);
  });
  afterCommit(db, (root) => hotCache(root).invalidate(eventId));
}

const hasConfig = async (db: Db, benefitId: string) =>
  (
    await db
      .select({ id: rsvpConfigurations.id })
      .from(rsvpConfigurations)
      .where(eq(rsvpConfigurations.benefitId, benefitId))
      .limit(1)
  ).length > 0;

/** Who the answers book for: the signed-in member, or a listed member an admin books (decision 018). */
type Booker = Pick<SessionUser, 'email' | 'firstName' | 'lastName'>;
type SubmitOptions = {
  portalUrl?: string;
  acceptTerms?: boolean;
  /** The form's checks in the member's language (decision 072); the spec's English without. */
  messages?: DynMessages;
  /** More writes in the booking's transaction, after its answers (e.g. the admin's audit row). */
  alsoInTransaction?: (tx: Tx, booking: { id: string; status: string }) => Promise<void>;
};

export async function submitDynamic(
  db: Db,
  benefitId: string,
  member: Booker,
  formData: Record<string, unknown>,
  opts: SubmitOptions = {},
) {
  const portalUrl = opts.portalUrl ?? '';
  // In the form's line from arrival: reading the form and checking the answers cannot reorder a rush.
  return inLine(db, dynamicEventId(benefitId), (turn) =>
    submitInTurn(db, benefitId, member, formData, { ...opts, portalUrl }, turn),
  );
}

async function submitInTurn(
  db: Db,
  benefitId: string,
  member: Booker,
  formData: Record<string, unknown>,
  opts: SubmitOptions & { portalUrl: string },
  turn: Turn,
) {
  const { portalUrl } = opts;
  const live = await sharedLiveForm(db, benefitId);
  const msg = opts.messages ?? DYN_MSG;
  const result = validateDynamicForm(live.fields, live.roles, formData, live.maxGuests, linearPattern, msg);
  if (!result.success) return { errors: result.errors, summary: validationSummary(live.fields, result.errors, msg) };
  // The form's terms are agreed to, not just shown: the server refuses an answer without the tick.
  const { requireTermsAcceptance } = live.config.behavior;
  if (requireTermsAcceptance && !opts.acceptTerms)
    throw new HttpError(400, words('srv.form.termsRequired'), ERROR_CODE.invalidForm, {
      extra: { fields: { acceptTerms: msg.termsRequired } },
    });
  if (requireTermsAcceptance) result.data = { ...result.data, termsAccepted: 'Yes' };
  const eventId = await ensureDynamicEvent(db, live.benefit);
  const slotTime = live.roles.slot ? String(result.data[live.roles.slot] ?? '') : '';
  const date = live.roles.date ? String(result.data[live.roles.date] ?? '') || null : null;
  const slot = slotTime ? await findSlot(db, eventId, slotTime, date) : null;
  if (slotTime && !slot) throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
  const { sheet } = live;
  const { booking, waitlistPosition, message } = await reservePlace(db, {
    turn,
    eventId,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    // The name and phone the member typed on the form are the booking's, in lists and at the door.
    ...typedIdentity(live.fields, result.data),
    slotId: slot?.id ?? null,
    guestCount: result.guestCount,
    maxGuests: live.maxGuests,
    portalUrl,
    data: result.data,
    also: {
      write: writeAnswers,
      data: {
        submission: {
          benefitId,
          configId: live.config.id,
          submissionData: result.data,
          userEmail: member.email,
          totalAttendees: 1 + result.guestCount,
        },
        sheetRow: sheet
          ? exportPayload(sheet, live.fields, live.config.sheetMapping.columns, result.data, member.email)
          : null,
      },
    } satisfies WrittenWith<FormAnswers>,
    alsoInTransaction: opts.alsoInTransaction,
  });
  return { booking, config: live.config, waitlistPosition, message };
}

/** What a form's booking writes with it: the submission row and, when the form exports, its Tab 1 row. */
type FormAnswers = {
  submission: Omit<typeof dynamicSubmissions.$inferInsert, 'bookingId'>;
  sheetRow: Record<string, unknown> | null;
};

/**
 * The answers of a batch of bookings, in one statement each. The sheet is the partner's list of who comes: a
 * waitlisted answer's row is held until it gets a place.
 */
async function writeAnswers(tx: Tx, items: { booking: { id: string; status: string }; data: FormAnswers }[]) {
  await insertRecords(
    tx,
    dynamicSubmissions,
    items.map(({ booking, data }) => ({ ...data.submission, bookingId: booking.id })),
    { returning: false },
  );
  const rows = items.flatMap(({ booking, data }) =>
    data.sheetRow
      ? [
          {
            payload: { ...data.sheetRow, bookingId: booking.id },
            held: booking.status === 'waitlisted' || booking.status === 'entered',
          },
        ]
      : [],
  );
  if (rows.length > 0) await enqueueAll(tx, SHEETS_APPEND, rows);
}

/**
 * Tab 1's row for a booking whose answers came another way than the form, e.g. a place handed on (decision 057): the
 * form's live columns, queued in the caller's transaction as a submission's row is. Nothing without a live export.
 */
export async function queueFormRow(
  tx: Db | Tx,
  event: Pick<EventRowOf, 'bookingForm' | 'benefitId'>,
  booking: { id: string; email: string; data: Record<string, unknown> | null },
) {
  if (event.bookingForm !== 'dynamic' || !event.benefitId) return;
  const live = await loadLiveForm(tx as Db, event.benefitId).catch(() => null); // taken down: no export
  if (!live?.sheet) return;
  const row = exportPayload(
    live.sheet,
    live.fields,
    live.config.sheetMapping.columns,
    booking.data ?? {},
    booking.email,
  );
  await enqueueAll(tx, SHEETS_APPEND, [{ payload: { ...row, bookingId: booking.id } }]);
}

function exportTarget(config: ConfigRow) {
  const mapping = readConfig(config).sheetMapping;
  const parsed = mapping.tab1Url ? parseSheetUrl(mapping.tab1Url) : null;
  return parsed ? { spreadsheetId: parsed.spreadsheetId, tab: mapping.tab1Name || 'Form Submissions' } : null;
}

/** The full name and phone number a member typed, read from the form's own fields. */
export function typedIdentity(fields: DynamicField[], data: Record<string, unknown>) {
  const text = (name: string | undefined) => {
    const v = name === undefined ? undefined : data[name];
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const { name, phone } = identityFields(fields);
  return { fullName: text(name), phoneNumber: text(phone) };
}

/** The header a field's answers go under in Tab 1: the column it came from, else its label. */
export const fieldHeader = (f: { columnMapping: string | null; displayName: string }) =>
  f.columnMapping || f.displayName;

function exportPayload(
  sheet: { spreadsheetId: string; tab: string },
  fields: ExportField[],
  columns: Record<string, number>,
  data: Record<string, unknown>,
  email: string,
): SheetsAppendPayload {
  const cells = fields.map((f) => {
    const value =
      f.fieldName === 'submissionTimestamp'
        ? new Date().toISOString()
        : f.fieldType === 'email' && !data[f.fieldName]
          ? email
          : data[f.fieldName] === undefined
            ? ''
            : String(data[f.fieldName]);
    return { field: f.fieldName, header: fieldHeader(f), index: columns[f.fieldName] ?? null, value };
  });
  return { ...sheet, cells };
}
