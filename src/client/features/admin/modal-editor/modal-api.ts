import { useMutation, useQuery } from '@tanstack/react-query';
import * as pagesApi from '#common/api/pages.ts';
import type { ModalInput } from '#common/partner-pages.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from '../api.ts';

export function useBenefitModal(benefitId: string) {
  return useQuery({
    queryKey: adminKeys.modal(benefitId),
    queryFn: () => adminCall(pagesApi.modal, { params: { benefitId } }),
    // The form is prefilled once from this answer: always load afresh when the editor opens.
    gcTime: 0,
  });
}

export function useSaveModal(benefitId: string) {
  return useMutation({
    mutationFn: (modal: ModalInput | null) => adminCall(pagesApi.saveModal, { params: { benefitId }, body: { modal } }),
    // Members' tiles carry the modal.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  });
}
