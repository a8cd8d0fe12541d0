/** Poll and staleness intervals from docs/spec/member-portal.md §7/§9 and docs/spec/admin-and-rsvp.md §7/§9. */
export const POLL = {
  formSlotsMs: 8000,
  eveningCountMs: 10_000,
  pageStatusMs: 45_000,
  pageStatusStaleMs: 30_000,
  conciergeRedirectMs: 1500,
  /** The dashboard's SOLD OUT tiles: not in the spec; slower than a page's counts, the modal polls its own. */
  soldOutMs: 15_000,
} as const;
