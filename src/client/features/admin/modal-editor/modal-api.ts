import { useMutation, useQuery } from '@tanstack/react-query';
import type { ModalContent } from '#common/benefits.ts';
import type { ModalInput } from '#common/partner-pages.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from '../api.ts';

const modalUrl = (benefitId: string) => `/api/admin/benefits/${encodeURIComponent(benefitId)}/modal`;

export function useBenefitModal(benefitId: string) {
  return useQuery({
    queryKey: adminKeys.modal(benefitId),
    queryFn: () => adminRequest<{ modal: ModalContent | null }>('GET', modalUrl(benefitId)),
    // The form is prefilled once from this answer: always load afresh when the editor opens.
    gcTime: 0,
  });
}

export function useSaveModal(benefitId: string) {
  return useMutation({
    mutationFn: (modal: ModalInput | null) => adminRequest('PUT', modalUrl(benefitId), { modal }),
    // Members' tiles carry the modal.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  });
}
