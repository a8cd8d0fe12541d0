import { useMutation, useQuery } from '@tanstack/react-query';
import * as wordsApi from '#common/api/organiser-words.ts';
import type { BenefitTranslations } from '#common/organiser-words.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys } from '../../../lib/query-keys.ts';

// Every admin key starts with 'admin' (sign-out drops them all).
const wordsKeys = {
  benefit: (id: string) => ['admin', 'words', id] as const,
  missing: ['admin', 'words', 'missing'] as const,
};

export function useBenefitWords(benefitId: string) {
  return useQuery({
    queryKey: wordsKeys.benefit(benefitId),
    queryFn: () => adminCall(wordsApi.benefitWords, { params: { benefitId } }),
    // The fields are prefilled once from this answer: always load afresh when the page opens.
    gcTime: 0,
  });
}

/** Each benefit's count of words left in English, by language: the benefits list's badges. */
export function useMissingWords() {
  return useQuery({
    queryKey: wordsKeys.missing,
    queryFn: () => adminCall(wordsApi.missingWords),
  });
}

export function useSaveBenefitWords(benefitId: string) {
  return useMutation({
    mutationFn: (translations: BenefitTranslations) =>
      adminCall(wordsApi.saveBenefitWords, { params: { benefitId }, body: { translations } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(wordsKeys.benefit(benefitId), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: wordsKeys.missing }),
        queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
      ]);
    },
  });
}
