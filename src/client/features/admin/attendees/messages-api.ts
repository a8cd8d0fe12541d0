import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import * as messagesApi from '#common/api/messages.ts';
import type { AttendeeMessages, MessagePreviewBody, SendMessageBody } from '#common/attendee-messages.ts';
import { MAIL_POLL_MS } from '#common/mail.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

/** A message sent this recently is watched closely: its copies usually all go out within seconds. */
const JUST_SENT_MS = 60_000;
const JUST_SENT_POLL_MS = 2_000;

/** How soon the counts refresh: never with nothing pending; soon after a send; later as the Outbox page does. */
export function messagesPollMs(messages: AttendeeMessages | undefined, now = Date.now()): number | false {
  const pending = (messages?.data ?? []).filter((m) => m.pending > 0);
  if (pending.length === 0) return false;
  const newest = Math.max(...pending.map((m) => Date.parse(m.createdAt)));
  return now - newest < JUST_SENT_MS ? JUST_SENT_POLL_MS : MAIL_POLL_MS;
}

/** The event's messages, with their counts following the outbox while copies wait in it. */
export function useAttendeeMessages(eventId: string) {
  return useQuery({
    queryKey: adminKeys.messages(eventId),
    queryFn: () => adminCall(messagesApi.list, { params: { eventId } }),
    refetchInterval: (q) => messagesPollMs(q.state.data),
  });
}

/** The server's rendering for the first recipient, and the count: it follows what is typed (debounced by the caller). */
export function useMessagePreview(eventId: string, body: MessagePreviewBody, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.messagePreview(eventId), body],
    queryFn: () => adminCall(messagesApi.preview, { params: { eventId }, body }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSendMessage(eventId: string) {
  return useMutation({
    mutationFn: (body: SendMessageBody) => adminCall(messagesApi.send, { params: { eventId }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messages(eventId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.messagePreview(eventId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.mail }),
      ]),
  });
}
