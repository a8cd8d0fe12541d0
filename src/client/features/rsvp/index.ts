// The RSVP feature's public surface for other features: the light pieces the member dashboard
// shows. The pages (forms, react-hook-form, zod) are not here: routes.tsx loads each one lazily;
// the RSVP button is in ./rsvp-action.tsx, for the modal and partner pages, and a booked tile's links in
// ./booking-links.ts, which load after the first paint.
import { loadPageMessages } from '../../i18n/i18n.ts';

export { useMemberBookings } from './member-bookings.ts';
// The actions' wording is loaded when a tile first shows a done state: it stays out of the dashboard's first chunk.
// With the pages' messages, where the default words are in other languages.
export const loadMemberActions = () =>
  Promise.all([import('./member-actions.ts'), loadPageMessages()]).then(([actions]) => actions);
