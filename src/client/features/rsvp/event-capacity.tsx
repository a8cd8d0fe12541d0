import { useQuery } from '@tanstack/react-query';
import type { SlotsAnswer } from '../../../common/rsvp.ts';

/** An event's stored capacity, as a number in running text. */
export function EventCapacity({ eventId }: { eventId: string }) {
  const slots = useQuery<SlotsAnswer>({ queryKey: ['/api/rsvp', eventId, 'slots'] });
  return <span data-testid={`capacity-${eventId}`}>{slots.data?.bookableSlots ?? '…'}</span>;
}
