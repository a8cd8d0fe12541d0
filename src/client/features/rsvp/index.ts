// The RSVP feature's public surface for other features: the light pieces the member dashboard
// shows. The pages (forms, react-hook-form, zod) are not here: routes.tsx loads each one lazily.
export { AddToCalendar } from './add-to-calendar.tsx';
export { useMemberBookings } from './api.ts';
export { ManageBookingLink } from './booking-state.tsx';
export { EventCapacity } from './event-capacity.tsx';
export { RsvpAction } from './rsvp-action.tsx';
