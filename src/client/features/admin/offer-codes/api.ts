import { useMutation, useQuery } from '@tanstack/react-query';
import * as offerApi from '#common/api/offer-codes.ts';
import type { OfferLineReport } from '#common/offer-codes.ts';
import { type BodyOf, pathOf } from '#common/route-contract.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

// The Offer codes panel's calls (decision 029): every route names the benefit, so partner accounts can be given them.
export const offerCsvUrl = (benefitId: string) => pathOf(offerApi.csv, { params: { benefitId } });

export const useOfferPool = (benefitId: string) =>
  useQuery({
    queryKey: adminKeys.offerPool(benefitId),
    queryFn: () => adminCall(offerApi.pool, { params: { benefitId } }),
    retry: false,
  });

export type CodeFilter = { q: string; status: 'all' | 'free' | 'claimed' | 'redeemed' };

export function useOfferCodes(benefitId: string, f: CodeFilter) {
  const query = { status: f.status, ...(f.q.trim() ? { q: f.q.trim() } : {}) };
  return useQuery({
    queryKey: [...adminKeys.offerPool(benefitId), 'list', query],
    queryFn: () => adminCall(offerApi.list, { params: { benefitId }, query }),
    placeholderData: (previous) => previous,
  });
}

// Every change moves the counts and the list (the attendees' statuses too, when the waitlist got codes).
const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

const changing = <B, T>(mutationFn: (body: B) => Promise<T>) => useMutation({ mutationFn, onSettled: refresh });

export const useUploadCodes = (benefitId: string) =>
  changing((body: BodyOf<typeof offerApi.upload>) => adminCall(offerApi.upload, { params: { benefitId }, body }));
export const useOfferSettings = (benefitId: string) =>
  changing((body: BodyOf<typeof offerApi.settings>) => adminCall(offerApi.settings, { params: { benefitId }, body }));
export const useRedeem = (benefitId: string) =>
  changing((body: BodyOf<typeof offerApi.redeem>) => adminCall(offerApi.redeem, { params: { benefitId }, body }));
export const useUnredeem = (benefitId: string) =>
  changing((body: BodyOf<typeof offerApi.unredeem>) => adminCall(offerApi.unredeem, { params: { benefitId }, body }));
export const useRedeemFile = (benefitId: string) =>
  changing((body: BodyOf<typeof offerApi.redeemFile>) =>
    adminCall(offerApi.redeemFile, { params: { benefitId }, body }),
  );

/** The per-line report of a refused upload (422 codes_rejected), if that is what the error is. */
export function refusedLines(err: unknown): OfferLineReport[] {
  if (!(err instanceof ApiError)) return [];
  try {
    const body = JSON.parse(err.body) as { lines?: OfferLineReport[] };
    return Array.isArray(body.lines) ? body.lines : [];
  } catch {
    return [];
  }
}
