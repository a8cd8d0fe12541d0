import { useEffect, useState } from 'react';
import type { Benefit } from '#common/benefits.ts';
import { loadMemberActions } from '../rsvp/index.ts';

type Actions = Awaited<ReturnType<typeof loadMemberActions>>;
type Source = Pick<Benefit, 'title' | 'bookingText' | 'actionWording' | 'eventTypes'>;
let loaded: Actions | null = null;

/** The members' action code (its own chunk, usually fetched already with the modal's): null until it has loaded. */
function useMemberActions(wanted: boolean): Actions | null {
  const [actions, setActions] = useState(loaded);
  useEffect(() => {
    if (!wanted || actions) return;
    let live = true;
    void loadMemberActions().then((m) => {
      loaded = m;
      if (live) setActions(m);
    });
    return () => {
      live = false;
    };
  }, [wanted, actions]);
  return actions;
}

/**
 * The done label of a tile's booked event (RSVP Confirmed, SPOT SECURED, OFFER CLAIMED...), in its event's own
 * words (decision 033) over the spec's defaults. Those load with the modal's chunk, usually fetched already; until
 * then the tile says BOOKED.
 */
export function useDoneLabel(eventId: string | null, benefit: Source, booked = 'BOOKED'): string | null {
  const actions = useMemberActions(Boolean(eventId));
  if (!eventId) return null;
  return actions ? actions.memberActionFor(eventId, benefit, benefit.bookingText).done : booked;
}

/**
 * What a full event's tile says when its event has words of its own for it (an offer's ALL CLAIMED), as its modal
 * does; null where it says the spec's SOLD OUT, which the member's language translates.
 */
export function useSoldOutLabel(eventId: string | null, benefit: Source): string | null {
  const actions = useMemberActions(Boolean(eventId));
  if (!eventId || !actions) return null;
  return actions.ownSoldOutLabel(eventId, benefit, benefit.bookingText);
}
