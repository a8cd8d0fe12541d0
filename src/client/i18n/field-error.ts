import { CONCIERGE_MSG } from '#common/concierge.ts';
import { dynMessagesFrom } from '#common/dyn-messages.ts';
import type { DynMessages } from '#common/dynamic-form.ts';
import { EVENING_MSG } from '#common/evening.ts';
import { i18n, type MessageId, t } from './i18n.ts';

// The forms' own checks speak the spec's English (one schema with the server): each fixed message has its key.
const BY_TEXT = new Map<string, MessageId>([
  [CONCIERGE_MSG.fullName, 'valid.fullName'],
  [CONCIERGE_MSG.email, 'dyn.email'],
  [CONCIERGE_MSG.date, 'valid.selectDate'],
  [CONCIERGE_MSG.timeSlot, 'valid.selectSlot'],
  [CONCIERGE_MSG.guests, 'valid.guests'],
  [CONCIERGE_MSG.guestCount, 'valid.guestCount'],
  [CONCIERGE_MSG.guestMax, 'valid.guestMax'],
  [EVENING_MSG.rsvp, 'valid.rsvp'],
  [EVENING_MSG.tour, 'valid.tour'],
]);

/** A form check's message in the member's language (an unknown one, e.g. the server's, as it came). */
export const fieldError = (message: string | undefined, values?: { max: number }) => {
  const key = message === undefined ? undefined : BY_TEXT.get(message);
  return key ? t(key, values) : message;
};

const byLocale = new Map<string, DynMessages>();

/** The dynamic form's messages in the member's language (one object per language: the form's schema is cached by it). */
export function dynMessages(): DynMessages {
  const msg = byLocale.get(i18n.locale) ?? translated();
  byLocale.set(i18n.locale, msg);
  return msg;
}

const translated = () => dynMessagesFrom((id, values) => t(id, values));
