// The RSVP feature's public surface for other features.
export { AddToCalendar } from './add-to-calendar.tsx';
export { useMemberBookings } from './api.ts';
export { RsvpAction } from './rsvp-action.tsx';
export { EventCapacity } from './event-capacity.tsx';
