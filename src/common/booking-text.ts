/** A booking's texts (decision 005), written once; no zod here, so member pages in the entry bundle can use them. */
export const CHANGE_CANCEL_LABEL = 'CHANGE/CANCEL BOOKING';

export const BOOKING_MSG = {
  notFound: 'Booking not found',
  alreadyWaitlisted: 'You are already on the waitlist for this event.',
  notYetOpen: (when: string) => `Bookings for this event open on ${when}.`,
  closed: (when: string) => `Bookings for this event closed on ${when}.`,
  ended: 'This event has ended.',
  slotPassed: 'This time slot has already started. Please choose a later one.',
  windowClosed: (contact: string) =>
    `The change window for this booking has closed. Email ${contact} to make any changes to your booking.`,
  /** Editing is off for the whole form: the partner, not a closed window, is the way to change (decision 022). */
  throughPartner: (contact: string | null) =>
    contact
      ? `Changes to this booking go through ${contact}. Email them to change or cancel it.`
      : 'Changes to this booking go through the organiser.',
  notChangeable: 'This booking can no longer be changed.',
  nothingToChange: 'Choose a different time slot or number of guests.',
  cancelled: 'Your booking has been cancelled.',
  changed: 'Your booking has been updated.',
  waitlisted: (position: number) => `This event is full. You are number ${position} on the waitlist.`,
  slotWaitlisted: (position: number) => `This time slot is full. You are number ${position} on its waitlist.`,
  pending: 'Your booking request has been received and is awaiting approval.',
  notPending: 'Only a booking awaiting approval can be approved or declined.',
} as const;
