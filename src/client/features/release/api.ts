import { useMutation, useQuery } from '@tanstack/react-query';
import * as releaseApi from '#common/api/release.ts';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';

/** What the link would release; a refusal (used, expired, outdated, invalid) is the query's error, never retried. */
export const useReleaseView = (token: string) =>
  useQuery({
    queryKey: ['release', token],
    queryFn: () => call(releaseApi.view, { params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The button's POST: the only request that releases (a mail scanner's GET never does). */
export const useReleasePlace = (token: string) =>
  useMutation({
    mutationFn: () => call(releaseApi.release, { params: { token } }),
    // A signed-in member's lists and the event's counts all changed: nothing cached about them still holds.
    onSuccess: () => void queryClient.invalidateQueries(),
  });

/** The server's stable code for a refused link, or null for anything else (network, 5xx). */
export const refusalCode = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.code : null);
