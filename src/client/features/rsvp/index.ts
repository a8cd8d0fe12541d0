// The RSVP feature's public surface for other features.
export { AddToCalendar } from './add-to-calendar.tsx';
export { useMemberBookings } from './api.ts';
export { EventCapacity } from './event-capacity.tsx';
export { RsvpAction } from './rsvp-action.tsx';
