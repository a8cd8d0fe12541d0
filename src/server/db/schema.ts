import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MessageTranslations } from '#common/attendee-messages.ts';
import type { BenefitType, CardTarget } from '#common/benefit-type.ts';
import { DEFAULT_TIME_ZONE, type ScheduleKind } from '#common/event-time.ts';
import type { MemberActionWording } from '#common/member-action-wording.ts';
import type { BenefitTranslations, PageTranslations } from '#common/organiser-words.ts';
import type { PageLayout, PartnerPageContent } from '#common/partner-pages.ts';
import type { StaffRole } from '#common/passes.ts';
import type {
  BehaviorConfig,
  FieldValidation,
  NotificationsConfig,
  SheetMapping,
  SlotConfig,
} from '#common/rsvp-config.ts';
import type { TransferSettings, TransferStatus } from '#common/transfers.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- members and admins -------------------------------------------------------------

export const authorizedEmails = pgTable('authorized_emails', {
  id: id(),
  email: text('email').notNull().unique(), // stored trimmed and lower-cased
  firstName: text('first_name'),
  lastName: text('last_name'),
  // The language the member chose in the portal (src/common/locales.ts), for mails and their other devices; null: never chose.
  locale: text('locale'),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's personal calendar feed: the token is the feed URL's secret, kept as it is because /me shows
 * the link again; revoking replaces it (docs/decisions/009).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  email: text('email').primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    // Only a SHA-256 of the cookie token is stored: a database leak does not hand out sessions.
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    // The member's language as the session started (or was switched in it): the session answer carries it.
    locale: text('locale'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_email_idx').on(t.email)],
);

export const users = pgTable('users', {
  id: id(),
  username: text('username').notNull().unique(), // the admin's e-mail, lower-cased
  password: text('password').notNull(), // argon2id PHC string
  // admin: everything; staff: the door's check-in only (docs/spec/DESIGN.md §6); partner: assigned benefits (030).
  role: text('role').$type<StaffRole>().notNull().default('admin'),
  createdAt: createdAt(),
  // Authenticator-app second factor (decision 056): the confirmed secret, one awaiting its first code, and the last
  // 30-second step a code was accepted for (a code is never taken twice).
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpLastStep: integer('totp_last_step'),
  // The last full sign-in: a sign-in from a browser without the account's device cookie mails the owner after it.
  signedInAt: timestamp('signed_in_at', { withTimezone: true }),
});

/** Single-use recovery codes of an account with a second factor (decision 056): only a SHA-256 of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Passkeys (WebAuthn, decision 056): several per staff account, named; a member's (by e-mail) too. The public key
 * and signature counter are what @simplewebauthn/server verifies a sign-in with.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    memberEmail: text('member_email'),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId), index('passkeys_member_idx').on(t.memberEmail)],
);

/** WebAuthn challenges handed out and not yet answered: each is taken once, before it expires. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
  // Whose registration or second factor it is for; null for a sign-in that starts from the passkey.
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  memberEmail: text('member_email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The organiser's sign-in policy, one row (id 1): which staff roles must use a second factor (decision 056). */
export const signInPolicy = pgTable('sign_in_policy', {
  id: integer('id').primaryKey(),
  twoFactorRoles: jsonb('two_factor_roles').$type<StaffRole[]>().notNull().default([]),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Password-reset links (decision 056): single use, short-lived, only a SHA-256 of the token kept. */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Which benefits a partner account may see (docs/decisions/030): the scope of every partner-declared route. */
export const partnerBenefits = pgTable(
  'partner_benefits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    benefitId: text('benefit_id')
      .notNull()
      .references(() => benefits.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.benefitId] }), index('partner_benefits_benefit_idx').on(t.benefitId)],
);

/** The attendee fields a benefit's partners see; no row means the default (PARTNER_FIELD_DEFAULT). */
export const partnerShares = pgTable('partner_shares', {
  benefitId: text('benefit_id')
    .primaryKey()
    .references(() => benefits.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable('admin_sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  // Half signed in (decision 056): 'factor' awaits the second factor, 'setup' must set one up; null is signed in.
  pending: text('pending').$type<'factor' | 'setup'>(),
  userAgent: text('user_agent'),
  ipAddress: text('ip_address'),
});

// Fixed-window counters shared by every app instance (docs/spec/DESIGN.md §1: no per-process state).
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // The hourly sweep's batches find ended counters by it, however many addresses an attacker tried in the hour.
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

// ---- catalogue ----------------------------------------------------------------------

export const images = pgTable('images', {
  id: id(),
  // SHA-256 of the stored bytes: the URL names it, so it can be cached forever.
  hash: text('hash').notNull().unique(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

export const benefits = pgTable(
  'benefits',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    imageId: uuid('image_id').references(() => images.id),
    bookingText: text('booking_text').notNull().default(''),
    bookingUrl: text('booking_url').notNull().default(''),
    formDescription: text('form_description'),
    excelTab1Link: text('excel_tab1_link'),
    excelTab1Name: text('excel_tab1_name'),
    excelTab2Link: text('excel_tab2_link'),
    excelTab2Name: text('excel_tab2_name'),
    partnerContactEmail: text('partner_contact_email'),
    hasSlotLogic: boolean('has_slot_logic').notNull().default(false),
    bookingMode: text('booking_mode').notNull().default('EXTERNAL_REDIRECT'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    // Data instead of title matching (docs/spec/DESIGN.md §1): what the tile is and what clicking it does.
    kind: text('kind').notNull().default('benefit'), // event | benefit
    action: text('action').notNull().default('modal'), // page | modal
    actionTarget: text('action_target'), // route for action=page; the outside address for cardOpens=link
    // What an organiser chose the card to open (common/benefit-type.ts); null: as action and actionTarget say.
    cardOpens: text('card_opens').$type<CardTarget>(),
    partnerPage: text('partner_page'), // information page, if any
    dateLabel: text('date_label').notNull().default(''),
    modal: jsonb('modal').$type<Record<string, unknown>>(), // modal content and its RSVP wiring
    // Whether and how members may hand a place on (decision 057); null: the defaults of common/transfers.ts.
    transferSettings: jsonb('transfer_settings').$type<Partial<TransferSettings>>(),
    // The organiser's words in other languages (decision 062); null: English only.
    translations: jsonb('translations').$type<BenefitTranslations>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('benefits_order_idx').on(t.displayOrder)],
);

/** A partner information page at /{slug} (decision 010): its content is typed by the zod schema in common. */
export const partnerPages = pgTable('partner_pages', {
  slug: text('slug').primaryKey(),
  benefitId: text('benefit_id').references(() => benefits.id, { onDelete: 'set null' }),
  layout: text('layout').$type<PageLayout>().notNull().default('partner'),
  content: jsonb('content').$type<PartnerPageContent>().notNull(),
  // The page's words in other languages (decision 062); null: English only.
  translations: jsonb('translations').$type<PageTranslations>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- RSVP engine --------------------------------------------------------------------

/** Anything a member can take a place in: an event, a tour, an offer, a dynamic form. */
export const events = pgTable('events', {
  id: text('id').primaryKey(), // the spec's URL key, e.g. 'speakers-reception'
  benefitId: text('benefit_id').references(() => benefits.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  location: text('location').notNull().default(''), // the venue's name
  venueAddress: text('venue_address').notNull().default(''),
  mapUrl: text('map_url'),
  // When (docs/decisions/008): instants in UTC, read in the event's IANA zone; see common/event-time.ts.
  schedule: text('schedule').$type<ScheduleKind>().notNull().default('timed'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  capacity: integer('capacity'), // places; null means unlimited
  // Which form books it: 'none' (one click), 'evening', 'concierge' or 'dynamic'; 'external': taken up at the
  // partner's, the event only holds the days the offer runs.
  bookingForm: text('booking_form').notNull().default('none'),
  // What booking it gives (common/benefit-type.ts): its words, its mails, whether it has a door and a pass.
  benefitType: text('benefit_type').$type<BenefitType>().notNull().default('event'),
  partnerContactEmail: text('partner_contact_email'),
  // What its one-click button and toasts say (decision 033); null: never set (the seed fills the spec's events'),
  // {} or a missing field: the spec's generic wording.
  actionWording: jsonb('action_wording').$type<MemberActionWording>(),
  createdAt: createdAt(),
});

export const eventSlots = pgTable(
  'event_slots',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    slotDate: date('slot_date'), // concierge tours have dates; evening slots do not
    slotTime: text('slot_time').notNull(),
    capacity: integer('capacity').notNull().default(10),
    booked: integer('booked').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortKey: integer('sort_key').notNull().default(0),
  },
  (t) => [uniqueIndex('event_slots_unique').on(t.eventId, sql`coalesce(${t.slotDate}, '1970-01-01')`, t.slotTime)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    phoneNumber: text('phone_number'),
    slotId: uuid('slot_id').references(() => eventSlots.id),
    guestCount: integer('guest_count').notNull().default(0),
    places: integer('places').notNull().default(1), // 1 + guests: what capacity counts
    // confirmed | pending (awaits approval, holds its place) | waitlisted | cancelled | declined
    status: text('status').notNull().default('confirmed'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    // When the booking got its place (booking, promotion from the waitlist): the editing window counts from here.
    placedAt: timestamp('placed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // SEQUENCE of the booking's calendar invite: a change or cancellation must carry a higher one.
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // The pass shown at the door (docs/decisions/009): 128 random bits; it admits while the booking is confirmed
    // (a cancelled one is refused as cancelled), and moving the booking keeps it.
    passCode: text('pass_code').unique(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    // Set when the member was removed from the allow-list (decision 046): the pass no longer admits; cleared when the
    // member is added again.
    memberRemovedAt: timestamp('member_removed_at', { withTimezone: true }),
    // Set when the member gave the place up through the e-mailed release link (decision 016): reports count these.
    releasedAt: timestamp('released_at', { withTimezone: true }),
    // Set when a place came from the waitlist (decision 017): placed_at alone cannot tell a promotion apart.
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    // What a fair draw gave an entry (decision 031): 'won', 'waitlisted' or 'not_drawn'; null for a plain booking.
    drawOutcome: text('draw_outcome'),
    // A waitlisted entry's rank among those the draw did not pick (decision 050): the waitlist's order among the
    // entries the draw waitlisted at one instant, so it never depends on the order rows were updated in.
    drawRank: integer('draw_rank'),
  },
  // Not unique: a cancelled booking may be booked again, and singleBookingPerEmail may be off. The engine checks it
  // under the event's row lock.
  (t) => [
    index('bookings_event_email_idx').on(t.eventId, t.email),
    index('bookings_email_idx').on(t.email),
    index('bookings_event_status_idx').on(t.eventId, t.status, t.createdAt),
  ],
);

/**
 * A fair draw for an event (decision 031): the entry window, the draw time, what befalls those not drawn,
 * and the seed fixed when the draw is set (its SHA-256 published from then on, the seed itself only after the draw).
 * The primary key is the event: one draw per event; `ran_at` is set in the draw's own transaction, under this row's
 * lock, so two instances (or a restart) cannot run it twice.
 */
export const eventDraws = pgTable('event_draws', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
  losers: text('losers').$type<'waitlist' | 'release'>().notNull().default('waitlist'),
  seed: text('seed').notNull(), // 64 hex characters; secret until the draw
  commitment: text('commitment').notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }),
  ranBy: text('ran_by'),
  // "Run the draw now" during the window (decision 050): the draw is made when entries close, not before.
  runRequestedAt: timestamp('run_requested_at', { withTimezone: true }),
  runRequestedBy: text('run_requested_by'),
  // What the public page shows after the draw: the places offered and every entry in draw order with its outcome.
  result: jsonb('result').$type<{ placesOffered: number; order: { id: string; places: number; outcome: string }[] }>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's offer of a place to another address (decision 057). Only a SHA-256 of the link's token is kept. The
 * booking's sequence when offered: any change or cancellation since bumps it, and the offer no longer accepts.
 */
export const placeTransfers = pgTable(
  'place_transfers',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    senderEmail: text('sender_email').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    bookingSequence: integer('booking_sequence').notNull(),
    status: text('status').$type<TransferStatus>().notNull().default('offered'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The recipient's booking once accepted.
    newBookingId: uuid('new_booking_id').references(() => bookings.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open offer per place, whatever the instances do at once.
    uniqueIndex('place_transfers_one_open').on(t.bookingId).where(sql`${t.status} = 'offered'`),
    index('place_transfers_sender_idx').on(t.senderEmail, t.status),
    index('place_transfers_event_idx').on(t.eventId),
  ],
);

/** One row per reminder sent: the primary key makes each (booking, days before) go out once. */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    daysBefore: integer('days_before').notNull(),
    // 'sent' or 'skipped' (its moment passed while the server was down, or before the booking existed).
    outcome: text('outcome').notNull().default('sent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.daysBefore] })],
);

/** One-time sign-in codes (MEMBER_LOGIN=code): stored hashed, single use, bound to the browser that asked. */
export const memberLoginCodes = pgTable(
  'member_login_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('member_login_codes_email_idx').on(t.email, t.createdAt)],
);

// ---- configurable RSVP (docs/spec/admin-and-rsvp.md §3) ----------------------------------------------

// One configuration per benefit (decision 013): its draft row is what the wizard edits; each deploy copies the draft
// into a numbered version row, and the live one (is_active) is what members book through.
export const rsvpConfigurations = pgTable(
  'rsvp_configurations',
  {
    id: id(),
    benefitId: text('benefit_id').notNull(),
    configName: text('config_name').notNull(),
    // Typed from the schemas they are written through; read back through readConfig (settings added since fill in).
    slotConfig: jsonb('slot_config').$type<SlotConfig>().notNull(),
    notifications: jsonb('notifications').$type<NotificationsConfig>().notNull(),
    behavior: jsonb('behavior').$type<BehaviorConfig>().notNull(),
    sheetMapping: jsonb('sheet_mapping').$type<SheetMapping>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDraft: boolean('is_draft').notNull().default(false),
    version: integer('version'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    deployedBy: text('deployed_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rsvp_configurations_one_draft').on(t.benefitId).where(sql`${t.isDraft}`),
    uniqueIndex('rsvp_configurations_one_live').on(t.benefitId).where(sql`${t.isActive}`),
    uniqueIndex('rsvp_configurations_version').on(t.benefitId, t.version),
  ],
);

export const formFields = pgTable('form_fields', {
  id: id(),
  configId: uuid('config_id')
    .notNull()
    .references(() => rsvpConfigurations.id, { onDelete: 'cascade' }),
  fieldName: text('field_name').notNull(),
  displayName: text('display_name').notNull(),
  fieldType: text('field_type').notNull(),
  isRequired: boolean('is_required').notNull().default(false),
  isVisible: boolean('is_visible').notNull().default(true),
  placeholder: text('placeholder'),
  helpText: text('help_text'),
  validation: jsonb('validation').$type<FieldValidation>(),
  options: jsonb('options').$type<string[]>(),
  grouping: text('grouping'),
  ordering: integer('ordering').notNull().default(0),
  columnMapping: text('column_mapping'),
  createdAt: createdAt(),
});

export const dynamicSubmissions = pgTable('dynamic_submissions', {
  id: id(),
  benefitId: text('benefit_id').notNull(),
  configId: uuid('config_id'),
  bookingId: uuid('booking_id').references(() => bookings.id),
  submissionData: jsonb('submission_data').$type<Record<string, unknown>>().notNull(),
  userEmail: text('user_email').notNull(),
  totalAttendees: integer('total_attendees').notNull().default(1),
  submissionDate: timestamp('submission_date', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// ---- logs (analytics) ---------------------------------------------------------------

export const portalAccessLogs = pgTable(
  'portal_access_logs',
  {
    id: id(),
    userEmail: text('user_email').notNull(),
    accessTime: timestamp('access_time', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('portal_access_time_idx').on(t.accessTime)],
);

export const benefitClickLogs = pgTable(
  'benefit_click_logs',
  {
    id: id(),
    userEmail: text('user_email').notNull(),
    benefitId: text('benefit_id').notNull(),
    benefitTitle: text('benefit_title').notNull(),
    clickTime: timestamp('click_time', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('click_time_idx').on(t.clickTime), index('click_benefit_idx').on(t.benefitId)],
);

export const formSubmissionLogs = pgTable(
  'form_submission_logs',
  {
    id: id(),
    userEmail: text('user_email').notNull(),
    submissionType: text('submission_type').notNull().default('FORM'),
    formType: text('form_type'),
    benefitId: text('benefit_id'),
    benefitTitle: text('benefit_title'),
    submissionTime: timestamp('submission_time', { withTimezone: true }).notNull().defaultNow(),
    submissionData: jsonb('submission_data').$type<Record<string, unknown>>(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('submission_time_idx').on(t.submissionTime), index('submission_benefit_idx').on(t.benefitId)],
);

// ---- analytics roll-ups: kept in step with the logs, so reports never scan raw rows ----

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    kind: text('kind').notNull(), // access | click | submission
    benefitId: text('benefit_id').notNull().default(''),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.benefitId] })],
);

export const analyticsBenefitUsers = pgTable(
  'analytics_benefit_users',
  {
    benefitId: text('benefit_id').notNull(),
    userEmail: text('user_email').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(), // click | submission
  },
  (t) => [primaryKey({ columns: [t.benefitId, t.userEmail, t.day, t.kind] })],
);

/** One row per (benefit, member) ever: unique users and e-mail lists without a date filter. */
export const analyticsBenefitUserTotals = pgTable(
  'analytics_benefit_user_totals',
  {
    benefitId: text('benefit_id').notNull(),
    userEmail: text('user_email').notNull(),
    clicked: boolean('clicked').notNull().default(false),
    submitted: boolean('submitted').notNull().default(false),
    // The days (in analytics_zone's zone) the member touched the benefit: unique users over a window without scanning every day's row.
    days: date('days').array().notNull().default(sql`'{}'::date[]`),
  },
  (t) => [primaryKey({ columns: [t.benefitId, t.userEmail] })],
);

/** One row: the zone whose calendar days the roll-ups count in (the organiser's; set at start-up, analytics-zone.ts). */
export const analyticsZone = pgTable('analytics_zone', {
  one: boolean('one').primaryKey().default(true),
  timeZone: text('time_zone').notNull().default('UTC'),
});

export const analyticsTitles = pgTable('analytics_titles', {
  benefitId: text('benefit_id').primaryKey(),
  title: text('title').notNull(),
});

// ---- audit ------------------------------------------------------------------------

/** Who changed which benefit, configuration or member list, and when. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(), // e.g. benefit.create, config.deploy, member.remove
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);

// ---- messages to attendees -------------------------------------------------

/** An organiser's message to an event's attendees: one outbox mail per recipient references it. */
export const attendeeMessages = pgTable(
  'attendee_messages',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    slotId: uuid('slot_id').references(() => eventSlots.id), // null: every slot of the event
    audience: text('audience').notNull(), // confirmed | waitlisted | checked-in | not-checked-in | all
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // Its subject and text in other languages (decision 062): each recipient is mailed in their chosen one.
    translations: jsonb('translations').$type<MessageTranslations>(),
    sentBy: text('sent_by').notNull(), // the admin's e-mail
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('attendee_messages_event_idx').on(t.eventId, t.createdAt)],
);

// ---- durable outbox (Sheets export, mail) --------------------------------------------

export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: id(),
    kind: text('kind').notNull(), // e.g. 'sheets.append'
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'), // pending | done | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    // The attendee message a mail belongs to, if any: the Outbox page and the per-event counts read it.
    attendeeMessageId: uuid('attendee_message_id').references(() => attendeeMessages.id),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_attendee_message_idx').on(t.attendeeMessageId).where(sql`${t.attendeeMessageId} is not null`),
  ],
);

// ---- partner reports (decision 017) -------------------------------------------------------

/** A read-only link to a benefit's partner report (decision 017): only the token's SHA-256 is kept. */
export const partnerReportLinks = pgTable(
  'partner_report_links',
  {
    id: id(),
    benefitId: text('benefit_id')
      .notNull()
      .references(() => benefits.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresOn: date('expires_on').notNull(), // the last day it works, in the benefit's zone
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('partner_report_links_benefit_idx').on(t.benefitId, t.createdAt)],
);

/**
 * Devices that added a booking's Apple Wallet pass (decision 025): Wallet registers through the pass web
 * service so it can ask for the latest pass. A push would tell it to ask; without an APNs key it asks on its own.
 */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceId: text('device_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.passTypeId, t.bookingId] })],
);

// ---- offer code pools (decision 029) ----------------------------------------

/**
 * An offer's codes and claim rules: 'codes' hands each claim one unused code of `offer_codes` (an empty pool is
 * sold out); 'shared' gives everyone `shared_code`. Locked by the engine with the event row, so counts never race.
 */
export const offerPools = pgTable('offer_pools', {
  benefitId: text('benefit_id')
    .primaryKey()
    .references(() => benefits.id),
  mode: text('mode').$type<'codes' | 'shared'>().notNull().default('codes'),
  sharedCode: text('shared_code'),
  perMemberLimit: integer('per_member_limit').notNull().default(1),
  claimOpensAt: timestamp('claim_opens_at', { withTimezone: true }),
  claimClosesAt: timestamp('claim_closes_at', { withTimezone: true }),
  // The organiser is mailed once when the codes left fall to this; null: the default (10, or 10 % if fewer).
  lowThreshold: integer('low_threshold'),
  lowAlertedAt: timestamp('low_alerted_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An offer-code upload still being written, in short batches (decision 048): its codes stay out of every count and
 * claim until the row is deleted, in the one short transaction that ends the upload. A row left by a failed or
 * stopped upload (state 'failed', or not touched for a while) is purged with its codes before the offer's next upload.
 */
export const offerCodeUploads = pgTable('offer_code_uploads', {
  id: id(),
  benefitId: text('benefit_id')
    .notNull()
    .references(() => benefits.id),
  state: text('state').$type<'loading' | 'failed'>().notNull().default('loading'),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One code of an offer's pool: unique per benefit; claimed by one booking, once; redeemed by the partner. */
export const offerCodes = pgTable(
  'offer_codes',
  {
    id: id(),
    benefitId: text('benefit_id')
      .notNull()
      .references(() => benefits.id),
    code: text('code').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    email: text('email'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: text('redeemed_by'),
    createdAt: createdAt(),
    // The upload that wrote it; while that upload is in `offer_code_uploads` the code is hidden (decision 048).
    uploadId: uuid('upload_id'),
  },
  (t) => [
    uniqueIndex('offer_codes_benefit_code_idx').on(t.benefitId, t.code),
    index('offer_codes_free_idx').on(t.benefitId, t.createdAt).where(sql`${t.bookingId} is null`),
    index('offer_codes_booking_idx').on(t.bookingId),
    index('offer_codes_upload_idx').on(t.uploadId),
  ],
);

// ---- webhooks and API tokens (decision 058) -------------------------------------

/** Where an organiser's (or a partner's, for their benefits) system wants events: signed per Standard Webhooks. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: jsonb('event_types').$type<string[]>().notNull(),
  secret: text('secret').notNull(), // whsec_…: the receiver needs it as written, so it is kept, not hashed
  // The secret before the last rotation: deliveries are signed with both for a day, so the receiver can switch over.
  previousSecret: text('previous_secret'),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  // Who registered it: a partner's endpoint hears only their benefits; the mail about a disabled endpoint goes here.
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  // Set at the first failure after a success: failing for the whole retry window turns the endpoint off.
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What happened, written in the change's own transaction; the worker fans it out to the endpoints that want it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(), // a booking's changes are serialised, so seq is their order
    type: text('type').notNull(),
    orderingKey: text('ordering_key').notNull(), // the booking's id (or the event's): deliveries keep its order
    benefitId: text('benefit_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    onlyEndpointId: uuid('only_endpoint_id'), // a test event goes to one endpoint
    createdAt: createdAt(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_events_unfanned_idx').on(t.seq).where(sql`${t.fannedOutAt} is null`),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/** One event for one endpoint: retried with backoff, in order per booking, until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(), // the webhook-id header: the same on every retry and resend, so a receiver can drop duplicates
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.seq, { onDelete: 'cascade' }),
    orderingKey: text('ordering_key').notNull(),
    status: text('status').notNull().default('pending'), // pending | delivered | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventSeq, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.orderingKey, t.eventSeq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each try of a delivery, for the log (kept 30 days): what was sent, what came back, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    request: text('request').notNull(), // the signed body as sent
    responseStatus: integer('response_status'),
    responseBody: text('response_body'), // bounded (WEBHOOK_LOG_BODY_BYTES)
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/** A token another system reads the API with (`Authorization: Bearer`): only its SHA-256 is kept, shown once. */
export const apiTokens = pgTable('api_tokens', {
  id: id(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  prefix: text('prefix').notNull(), // the first characters, so a list can tell tokens apart
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  // Whose token: a partner's reads only their benefits (decision 030).
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});
