// What other parts of the server use from rsvp: its one public surface (docs/architecture.md, decision 036).

export type { AdminActor } from './booking-changes.ts';
export { cancelBooking, changeBooking, decideBooking, guestLimit, withLockedBooking } from './booking-changes.ts';
export { deployDraft, publishReadDraft, readDraftSheets } from './deploy-form.ts';
export { dynamicRsvpRoutes } from './dynamic-routes.ts';
export {
  dynamicEventId,
  formRolesOf,
  loadLiveForm,
  queueFormRow,
  scheduleOf,
  submitDynamic,
} from './dynamic-rsvp.ts';
export { getEvent } from './event-status.ts';
export { formRsvpRoutes } from './form-routes.ts';
export { formAnswer, slotLogicAnswer } from './live-form-answers.ts';
export { bookingWhen, memberBookingDetail, myBookings, readRows } from './member-bookings.ts';
export { asBookingError, lockEvent } from './place-batch.ts';
export { placesTaken, reservePlace } from './reserve-place.ts';
export { rsvpRoutes } from './routes.ts';
export { sheetsRoutes } from './sheets-routes.ts';
export { setSlotCapacity } from './slot-capacity.ts';
export { promoteOne, promoteWaitlist, waitlistPosition, waitlistPositions } from './waitlist.ts';
