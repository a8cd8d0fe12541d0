/**
 * Every action the audit log records, with what it means as staff say it: the server may only record an action
 * listed here (typed), so the Audit page's filter never shows a raw key.
 */
export const AUDIT_ACTION_LABEL = {
  'sign-in.attack': 'Failed sign-ins against an account (its owner was mailed)',
  'benefit.create': 'Benefit created',
  'benefit.update': 'Benefit updated',
  'benefit.delete': 'Benefit deleted',
  'benefit.modal': 'Modal edited',
  'benefit.event': 'Event added to a benefit',
  'event.slots': 'Slots added to an event',
  'image.upload': 'Image uploaded',
  'config.create': 'RSVP form created',
  'config.update': 'RSVP form updated',
  'config.deploy': 'RSVP form deployed',
  'config.restore': 'RSVP form version restored',
  'member.add': 'Member saved',
  'member.import': 'Members imported',
  'member.remove': 'Member removed',
  'account.save': 'Staff account saved',
  'account.remove': 'Staff account removed',
  'partner.assign': 'Partner benefits changed',
  'partner.fields': 'Fields shared with partners changed',
  'partner.attendees': 'Partner viewed attendees',
  'page.save': 'Page saved',
  'page.delete': 'Page deleted',
  'check-in': 'Checked in',
  'check-in.undo': 'Check-in undone',
  'exports.retry': 'Exports retried',
  'mail.retry': 'E-mails retried',
  'booking.add': 'Booking added',
  'booking.move': 'Booking moved',
  'booking.cancel': 'Booking cancelled',
  'booking.approve': 'Booking approved',
  'booking.decline': 'Booking declined',
  'booking.promote': 'Promoted from waitlist',
  'booking.resend': 'Confirmation resent',
  'transfer.offer': 'Place offered to someone else',
  'transfer.cancel': 'Place offer cancelled',
  'transfer.accept': 'Place handed on',
  'slot.capacity': 'Slot capacity changed',
  'offer.codes_upload': 'Offer codes uploaded',
  'offer.settings': 'Offer code settings changed',
  'offer.redeem': 'Offer code redeemed',
  'offer.unredeem': 'Offer code redemption undone',
  'offer.redeem_csv': 'Offer codes redeemed from a file',
  'offer.export': 'Offer codes exported',
  'attendees.export': 'Attendees exported',
  'attendees.message': 'Message sent to attendees',
  'draw.configure': 'Fair draw set',
  'draw.run': 'Fair draw run',
  'draw.run_requested': 'Fair draw asked for at the close of entries',
  'partner_report.download': 'Partner report downloaded',
  'partner_report.link_create': 'Partner report link created',
  'partner_report.link_revoke': 'Partner report link revoked',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABEL;

/** An action's label; a row written before an action was renamed shows its key. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABEL, action) ? AUDIT_ACTION_LABEL[action as AuditAction] : action;
