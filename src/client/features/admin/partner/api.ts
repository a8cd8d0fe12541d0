import { useQuery } from '@tanstack/react-query';
import * as partnersApi from '#common/api/partners.ts';
import { pathOf } from '#common/route-contract.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { adminKeys } from '../api.ts';

/** The signed-in partner's benefits (docs/decisions/030); an admin sees every benefit. */
export function usePartnerBenefits() {
  return useQuery({
    queryKey: adminKeys.partnerBenefits,
    queryFn: () => adminCall(partnersApi.benefits),
  });
}

export const partnerCsvUrl = (eventId: string) => pathOf(partnersApi.attendeesCsv, { params: { eventId } });

export function usePartnerAttendees(eventId: string) {
  return useQuery({
    queryKey: adminKeys.partnerAttendees(eventId),
    queryFn: () => adminCall(partnersApi.attendees, { params: { eventId } }),
  });
}
