import { words } from '../../lib/member-words.ts';

/** A second booking through a form, naming whom to write to (docs/spec/admin-and-rsvp.md §8), in the reader's words. */
export const alreadyRsvpd = (contact: string | null) =>
  contact ? words('srv.rsvp.alreadyRsvpd', { contact }) : words('srv.rsvp.alreadyRsvpdConcierge');
