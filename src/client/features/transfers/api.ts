import { useMutation, useQuery } from '@tanstack/react-query';
import * as transfersApi from '#common/api/transfers.ts';
import type { TransferAccept } from '#common/transfers.ts';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The transfers feature's query keys, by name (decision 037). */
export const transferKeys = {
  mine: ['transfers', 'mine'] as const,
  view: (token: string) => ['transfers', 'view', token] as const,
};

/** The member's open offers and which of their places may be offered now. */
export const useMyTransfers = () => useQuery({ queryKey: transferKeys.mine, queryFn: () => call(transfersApi.mine) });

const refreshMine = () => void queryClient.invalidateQueries({ queryKey: transferKeys.mine });

export const useOfferPlace = (bookingId: string) =>
  useMutation({
    mutationFn: (email: string) => call(transfersApi.offer, { params: { bookingId }, body: { email } }),
    onSettled: refreshMine,
  });

export const useCancelOffer = () =>
  useMutation({
    mutationFn: (id: string) => call(transfersApi.cancel, { params: { transferId: id } }),
    onSettled: refreshMine,
  });

/** What the link offers; a refusal (invalid link) is the query's error, never retried. */
export const useTransferView = (token: string) =>
  useQuery({
    queryKey: transferKeys.view(token),
    queryFn: () => call(transfersApi.view, { params: { token } }),
    retry: false,
  });

export const useAcceptTransfer = (token: string) =>
  useMutation({
    mutationFn: (body: TransferAccept) => call(transfersApi.accept, { params: { token }, body }),
    // The browser is now signed in as the recipient: nothing cached about anyone still holds.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
