/**
 * Stable identifiers for every error the API answers, beside the wording for people (docs/spec/DESIGN.md §6).
 * Code on both sides branches on these, never on the message text. No zod here: the member bundle imports it.
 */
export const ERROR_CODE = {
  badRequest: 'bad_request',
  invalidForm: 'invalid_form',
  /** An admin's field pattern that RE2 cannot run, or that JavaScript reads otherwise (lib/admin-pattern.ts). */
  invalidPattern: 'invalid_pattern',
  invalidJson: 'invalid_json',
  /** A form configuration whose role names a field of a type the role cannot take (decision 049). */
  invalidRoles: 'invalid_roles',
  invalidText: 'invalid_text',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notSignedIn: 'not_signed_in',
  invalidCredentials: 'invalid_credentials',
  invalidCode: 'invalid_code',
  /** Signed in with the password only: the second factor comes next (decision 056). */
  secondFactorRequired: 'second_factor_required',
  /** Signed in with the password only, and the organiser requires a second factor this account has not set up. */
  twoFactorSetupRequired: 'two_factor_setup_required',
  /** A second factor the organiser requires cannot be removed. */
  twoFactorRequired: 'two_factor_required',
  /** A passkey's answer that does not verify (unknown key, wrong challenge or origin, bad signature). */
  passkeyInvalid: 'passkey_invalid',
  /** A password-reset link that is unknown, used or expired. */
  resetLinkInvalid: 'reset_link_invalid',
  notAuthorized: 'not_authorized',
  forbidden: 'forbidden',
  crossSite: 'cross_site',
  notFound: 'not_found',
  conflict: 'conflict',
  alreadyBooked: 'already_booked',
  alreadyWaitlisted: 'already_waitlisted',
  soldOut: 'sold_out',
  slotFull: 'slot_full',
  slotRequired: 'slot_required',
  /** An admin removes a slot that still holds places (decision 064). */
  slotHeld: 'slot_held',
  /** An admin removes a further event something was booked, drawn or sent for (decision 064). */
  eventHeld: 'event_held',
  /** An admin's new slot capacity is below the places already held in that slot. */
  capacityBelowBooked: 'capacity_below_booked',
  tooManyGuests: 'too_many_guests',
  bookingWindow: 'booking_window',
  eventEnded: 'event_ended',
  slotPassed: 'slot_passed',
  changeWindowClosed: 'change_window_closed',
  changesOff: 'changes_off',
  notChangeable: 'not_changeable',
  notPending: 'not_pending',
  notWaitlisted: 'not_waitlisted',
  notMember: 'not_member',
  alreadyCheckedIn: 'already_checked_in',
  notAdmitted: 'not_admitted',
  memberRemoved: 'member_removed',
  otherEvent: 'other_event',
  otherSlot: 'other_slot',
  unknownPass: 'unknown_pass',
  /** The organiser has not set up this wallet (APPLE_WALLET_*, GOOGLE_WALLET_*): no pass to add. */
  walletNotConfigured: 'wallet_not_configured',
  releaseLinkInvalid: 'release_link_invalid',
  releaseLinkUsed: 'release_link_used',
  releaseLinkOutdated: 'release_link_outdated',
  releaseLinkExpired: 'release_link_expired',
  /** Handing a place on (decision 057). */
  transfersOff: 'transfers_off',
  notTransferable: 'not_transferable',
  transferTooLate: 'transfer_too_late',
  transferOpen: 'transfer_open',
  tooManyTransfers: 'too_many_transfers',
  transferInvalid: 'transfer_invalid',
  transferGone: 'transfer_gone',
  transferExpired: 'transfer_expired',
  reportLinkInvalid: 'report_link_invalid',
  reportLinkExpired: 'report_link_expired',
  reportLinkRevoked: 'report_link_revoked',
  /** Offer codes (decision 029): an upload with refused lines, a member past their limit or outside the claim window. */
  codesRejected: 'codes_rejected',
  claimLimit: 'claim_limit',
  claimWindow: 'claim_window',
  noPool: 'no_pool',
  unknownCode: 'unknown_code',
  alreadyRedeemed: 'already_redeemed',
  notClaimed: 'not_claimed',
  notRedeemed: 'not_redeemed',
  needsForm: 'needs_form',
  /** Fair draws (decision 031). */
  drawNotOpen: 'draw_not_open',
  drawClosed: 'draw_closed',
  alreadyEntered: 'already_entered',
  drawAlreadyRun: 'draw_already_run',
  /** Entries are still open as announced: the draw is made when they close (decision 050). */
  drawWindowOpen: 'draw_window_open',
  drawLocked: 'draw_locked',
  drawNotFound: 'draw_not_found',
  drawInvalid: 'draw_invalid',
  noRecipients: 'no_recipients',
  recipientsChanged: 'recipients_changed',
  unprocessable: 'unprocessable',
  rateLimited: 'rate_limited',
  busy: 'busy',
  reportBusy: 'report_busy',
  reportTimeout: 'report_timeout',
  unavailable: 'unavailable',
  /** The disk under the database or DATA_DIR is full (or over quota): nothing was written; try later (decision 048). */
  storageFull: 'storage_full',
  internal: 'internal',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** The code an error gets when its thrower names none: the status's general meaning. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return ERROR_CODE.notSignedIn;
  if (status === 403) return ERROR_CODE.forbidden;
  if (status === 404) return ERROR_CODE.notFound;
  if (status === 409) return ERROR_CODE.conflict;
  if (status === 413) return ERROR_CODE.payloadTooLarge;
  if (status === 415) return ERROR_CODE.unsupportedMediaType;
  if (status === 422) return ERROR_CODE.unprocessable;
  if (status === 429) return ERROR_CODE.rateLimited;
  if (status === 503) return ERROR_CODE.unavailable;
  if (status >= 500) return ERROR_CODE.internal;
  return ERROR_CODE.badRequest;
}
