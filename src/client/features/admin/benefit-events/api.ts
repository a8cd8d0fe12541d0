import { useMutation, useQuery } from '@tanstack/react-query';
import * as eventsApi from '#common/api/benefit-events.ts';
import type { BenefitEventInput, EventSlotInput } from '#common/benefit-events.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { invalidateBenefits } from '../api.ts';

// A benefit's events and a built-in form's slots (decision 064): the screen's reads and writes.
export const benefitEventKeys = {
  list: (benefitId: string) => ['admin', 'benefit-events', benefitId] as const,
};

export const useBenefitEvents = (benefitId: string) =>
  useQuery({
    queryKey: benefitEventKeys.list(benefitId),
    queryFn: () => adminCall(eventsApi.list, { params: { id: benefitId } }),
    select: (answer) => answer.events,
  });

/** Every change is the members' too: their tiles and forms read the same events and slots. */
const changed = (benefitId: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: benefitEventKeys.list(benefitId) }), invalidateBenefits()]);

export const useAddEvent = (benefitId: string) =>
  useMutation({
    mutationFn: (body: BenefitEventInput) => adminCall(eventsApi.add, { params: { id: benefitId }, body }),
    onSuccess: () => changed(benefitId),
  });

export const useAddSlots = (benefitId: string) =>
  useMutation({
    mutationFn: ({ eventId, slots }: { eventId: string; slots: EventSlotInput[] }) =>
      adminCall(eventsApi.addSlots, { params: { eventId }, body: { slots } }),
    onSuccess: () => changed(benefitId),
  });

export const useRemoveEvent = (benefitId: string) =>
  useMutation({
    mutationFn: (eventId: string) => adminCall(eventsApi.remove, { params: { id: benefitId, eventId } }),
    onSettled: () => changed(benefitId),
  });

export const useRemoveSlot = (benefitId: string) =>
  useMutation({
    mutationFn: ({ eventId, slotId }: { eventId: string; slotId: string }) =>
      adminCall(eventsApi.removeSlot, { params: { eventId, slotId } }),
    onSettled: () => changed(benefitId),
  });

/** After the attendees page's capacity call (its route; the same server rules), this screen's list reads again. */
export const refreshBenefitEvents = changed;
