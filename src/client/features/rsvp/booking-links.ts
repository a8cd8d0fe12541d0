// A booked tile's links (Add To Calendar, change or cancel), for the dashboard's lazy booking lines: apart from
// ./index.ts, which is in the dashboard's first chunk, so these load with the lines, after the first paint.
export { AddToCalendar } from './add-to-calendar.tsx';
export { ManageBookingLink } from './manage-booking-link.tsx';
