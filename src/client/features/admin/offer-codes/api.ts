import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  OfferCodeRow,
  OfferLineReport,
  OfferPool,
  OfferRedeemReport,
  OfferSettingsBody,
} from '#common/offer-codes.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

// The Offer codes panel's calls (decision 029): every route names the benefit, so partner accounts can be given them.
export const offerBase = (benefitId: string) => `/api/admin/benefits/${encodeURIComponent(benefitId)}/offer-codes`;

export const useOfferPool = (benefitId: string) =>
  useQuery({
    queryKey: adminKeys.offerPool(benefitId),
    queryFn: () => adminRequest<OfferPool>('GET', offerBase(benefitId)),
    retry: false,
  });

export type CodeFilter = { q: string; status: 'all' | 'free' | 'claimed' | 'redeemed' };

export function useOfferCodes(benefitId: string, f: CodeFilter) {
  const query = new URLSearchParams({ status: f.status, ...(f.q.trim() ? { q: f.q.trim() } : {}) }).toString();
  return useQuery({
    queryKey: [...adminKeys.offerPool(benefitId), 'list', query],
    queryFn: () =>
      adminRequest<{ codes: OfferCodeRow[]; more: boolean }>('GET', `${offerBase(benefitId)}/list?${query}`),
    placeholderData: (previous) => previous,
  });
}

// Every change moves the counts and the list (the attendees' statuses too, when the waitlist got codes).
const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

const post =
  <B, T>(method: string, path: string) =>
  (benefitId: string) =>
    useMutation({
      mutationFn: (body: B) => adminRequest<T>(method, `${offerBase(benefitId)}${path}`, body),
      onSettled: refresh,
    });

export const useUploadCodes = post<{ text: string }, { added: number; promoted: number }>('POST', '/upload');
export const useOfferSettings = post<OfferSettingsBody, OfferPool>('PUT', '/settings');
export const useRedeem = post<{ code: string }, { code: OfferCodeRow }>('POST', '/redeem');
export const useUnredeem = post<{ code: string }, { code: OfferCodeRow }>('POST', '/unredeem');
export const useRedeemFile = post<{ text: string }, OfferRedeemReport>('POST', '/redeem-file');

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
