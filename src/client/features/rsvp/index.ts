// The RSVP feature's public surface for other features.
export { AddToCalendar } from './add-to-calendar.tsx';
export { useMemberBookings } from './api.ts';
export { CarMakerTourPage } from './car-maker-tour-page.tsx';
export { ConciergePage } from './concierge-page.tsx';
export { DynamicRsvpPage } from './dynamic-rsvp-page.tsx';
export { EveningPage } from './evening-page.tsx';
export { EventCapacity } from './event-capacity.tsx';
export { RsvpAction } from './rsvp-action.tsx';
