import { useQuery } from '@tanstack/react-query';
import * as checkInApi from '#common/api/check-in.ts';
import type { BodyOf } from '#common/route-contract.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { adminKeys } from '../api.ts';

// The door's data layer (decision 009): the admin client, so an expired session shows the sign-in.

/** The counts change with every admission, here or on another device: read again this often. */
export const REFRESH_MS = 15_000;

export const useDoorEvents = () =>
  useQuery({
    queryKey: adminKeys.checkInEvents,
    queryFn: () => adminCall(checkInApi.events),
    refetchInterval: REFRESH_MS,
  });

export const useDoorPasses = (eventId: string | null) =>
  useQuery({
    queryKey: [...adminKeys.checkInEvents, eventId ?? ''],
    queryFn: () => adminCall(checkInApi.passes, { params: { eventId: eventId ?? '' } }),
    enabled: Boolean(eventId),
    refetchInterval: REFRESH_MS,
  });

export const admitPass = (body: BodyOf<typeof checkInApi.admit>) => adminCall(checkInApi.admit, { body });

export const undoCheckIn = (bookingId: string) => adminCall(checkInApi.undo, { params: { bookingId } });
