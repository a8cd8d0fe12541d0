// What other parts of the server use from booking-rules: its one public surface (docs/architecture.md, decision 036).

export type { BookingPolicy, EventRow, SlotRow } from './booking-policy.ts';
export {
  bookingSchedule,
  bookingTimes,
  bookingWindow,
  changeUntil,
  loadPolicy,
  refuseIfEnded,
  refuseIfSlotStarted,
  slotStarted,
  slotTimes,
  venueOf,
  windowRefusal,
  wireOf,
} from './booking-policy.ts';
export type { DrawRow } from './draw-window.ts';
export { drawAt, drawState, entryDraw, entryRefusal } from './draw-window.ts';
export { adminDraw, publicDraw, readDraw, setDraw } from './draws.ts';
export type { PoolRow, PoolState } from './offer-pool.ts';
export {
  alertIfLow,
  assignCodes,
  claimsOf,
  codesIn,
  offerCodesOf,
  poolCounts,
  poolOf,
  poolUnderLock,
  refuseOutsideWindow,
  refuseOverLimit,
  visibleCode,
} from './offer-pool.ts';
export { readReleaseToken, releasable, releaseToken, releaseUrl } from './release-link.ts';
