// The RSVP feature's public surface for what opens after the first paint (a tile's modal, a partner page):
// the one-click RSVP button and the live place count. Not in ./index.ts, so the dashboard's entry stays without them.
export { EventCapacity } from './event-capacity.tsx';
export { RsvpAction } from './rsvp-action.tsx';
