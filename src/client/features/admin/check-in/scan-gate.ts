/**
 * The door's camera reads a pass several times a second. A pass held in view is one scan, however long it stays
 * (a good "Admitted" turned into "Already checked in" after 3 s); the same pass is read again only after
 * it has been out of view this long, which is what showing it a second time looks like.
 */
export const OUT_OF_VIEW_MS = 2000;

export type Sighting = { code: string; seenAt: number };

/** Whether a frame's code (null: none read) is a new scan, and what the camera last saw. */
export function sight(
  last: Sighting | null,
  code: string | null,
  now: number,
): { scan: boolean; last: Sighting | null } {
  if (!code) return { scan: false, last };
  const stillInView = last !== null && last.code === code && now - last.seenAt <= OUT_OF_VIEW_MS;
  return { scan: !stillInView, last: { code, seenAt: now } };
}
