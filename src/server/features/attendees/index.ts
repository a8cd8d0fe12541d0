// What other parts of the server use from attendees: its one public surface (docs/architecture.md, decision 036).

export { attendeeEvent, attendeeTable, slotLabel } from './attendees.ts';
export { attendeeRoutes } from './attendees-routes.ts';
export { bookingRoutes } from './booking-routes.ts';
