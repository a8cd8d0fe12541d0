import { useEffect, useState } from 'react';
import type { Benefit } from '#common/benefits.ts';
import { loadMemberActions } from '../rsvp/index.ts';

type Actions = Awaited<ReturnType<typeof loadMemberActions>>;
let loaded: Actions | null = null;

/**
 * The done label of a tile's booked event (RSVP Confirmed, SPOT SECURED, OFFER CLAIMED...), in its event's own
 * words (decision 033) over the spec's defaults. Those load with the modal's chunk, usually fetched already; until
 * then the tile says BOOKED.
 */
export function useDoneLabel(
  eventId: string | null,
  benefit: Pick<Benefit, 'title' | 'bookingText' | 'actionWording' | 'eventTypes'>,
  booked = 'BOOKED',
): string | null {
  const [actions, setActions] = useState(loaded);
  useEffect(() => {
    if (!eventId || actions) return;
    let live = true;
    void loadMemberActions().then((m) => {
      loaded = m;
      if (live) setActions(m);
    });
    return () => {
      live = false;
    };
  }, [eventId, actions]);
  if (!eventId) return null;
  return actions ? actions.memberActionFor(eventId, benefit, benefit.bookingText).done : booked;
}
