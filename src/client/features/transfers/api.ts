import { useMutation, useQuery } from '@tanstack/react-query';
import type { MyTransfers, TransferAccept, TransferOffer, TransferView } from '#common/transfers.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The transfers feature's query keys, by name (decision 037). */
export const transferKeys = {
  mine: ['transfers', 'mine'] as const,
  view: (token: string) => ['transfers', 'view', token] as const,
};

const linkUrl = (token: string) => `/api/transfers/${encodeURIComponent(token)}`;

/** The member's open offers and which of their places may be offered now. */
export const useMyTransfers = () =>
  useQuery({ queryKey: transferKeys.mine, queryFn: () => apiRequest<MyTransfers>('GET', '/api/me/transfers') });

const refreshMine = () => void queryClient.invalidateQueries({ queryKey: transferKeys.mine });

export const useOfferPlace = (bookingId: string) =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<TransferOffer>('POST', `/api/me/bookings/${encodeURIComponent(bookingId)}/transfer`, { email }),
    onSettled: refreshMine,
  });

export const useCancelOffer = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<TransferOffer>('POST', `/api/me/transfers/${encodeURIComponent(id)}/cancel`, {}),
    onSettled: refreshMine,
  });

/** What the link offers; a refusal (invalid link) is the query's error, never retried. */
export const useTransferView = (token: string) =>
  useQuery({
    queryKey: transferKeys.view(token),
    queryFn: () => apiRequest<TransferView>('GET', linkUrl(token)),
    retry: false,
  });

export const useAcceptTransfer = (token: string) =>
  useMutation({
    mutationFn: (body: TransferAccept) =>
      apiRequest<{ bookingId: string; message: string }>('POST', `${linkUrl(token)}/accept`, body),
    // The browser is now signed in as the recipient: nothing cached about anyone still holds.
    onSuccess: () => void queryClient.invalidateQueries(),
  });

/** The server's words for a refusal, or the fallback (network, 5xx). */
export const refusalText = (err: unknown, fallback: string) =>
  (err instanceof ApiError && err.status < 500 ? err.serverMessage : '') || fallback;
