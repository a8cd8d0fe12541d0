import { useQuery } from '@tanstack/react-query';
import type { PartnerAttendees, PartnerBenefit, PartnerField } from '#common/partners.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { adminKeys } from '../api.ts';

/** The signed-in partner's benefits (docs/decisions/030); an admin sees every benefit. */
export function usePartnerBenefits() {
  return useQuery({
    queryKey: adminKeys.partnerBenefits,
    queryFn: () => adminRequest<{ benefits: PartnerBenefit[] }>('GET', '/api/admin/partner/benefits'),
  });
}

const attendeesUrl = (eventId: string) => `/api/admin/partner/events/${encodeURIComponent(eventId)}/attendees`;
export const partnerCsvUrl = (eventId: string) => `${attendeesUrl(eventId)}.csv`;

export function usePartnerAttendees(eventId: string) {
  return useQuery({
    queryKey: adminKeys.partnerAttendees(eventId),
    queryFn: () => adminRequest<PartnerAttendees>('GET', attendeesUrl(eventId)),
  });
}

/** The organiser's choice of what a benefit's partners see, for the Members page. */
export const partnerFieldsUrl = (benefitId: string) =>
  `/api/admin/benefits/${encodeURIComponent(benefitId)}/partner-fields`;
export type PartnerFieldsAnswer = { fields: PartnerField[] };
