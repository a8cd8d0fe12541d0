import { useEventSlotCount } from './queries.ts';
/** An event's stored capacity, as a number in running text. */
export function EventCapacity({ eventId }: { eventId: string }) {
  const slots = useEventSlotCount(eventId);
  return <span data-testid={`capacity-${eventId}`}>{slots.data?.bookableSlots ?? '…'}</span>;
}
