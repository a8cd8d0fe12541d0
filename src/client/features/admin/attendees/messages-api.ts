import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AttendeeMessage,
  AttendeeMessages,
  MessagePreview,
  MessagePreviewBody,
  SendMessageBody,
} from '#common/attendee-messages.ts';
import { MAIL_POLL_MS } from '#common/mail.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

const base = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/messages`;

/** The event's messages; while copies wait in the outbox, the counts refresh as the Outbox page does. */
export function useAttendeeMessages(eventId: string) {
  return useQuery({
    queryKey: adminKeys.messages(eventId),
    queryFn: () => adminRequest<AttendeeMessages>('GET', base(eventId)),
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.pending > 0) ? MAIL_POLL_MS : false),
  });
}

/** The server's rendering for the first recipient, and the count: it follows what is typed (debounced by the caller). */
export function useMessagePreview(eventId: string, body: MessagePreviewBody, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.messagePreview(eventId), body],
    queryFn: () => adminRequest<MessagePreview>('POST', `${base(eventId)}/preview`, body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSendMessage(eventId: string) {
  return useMutation({
    mutationFn: (body: SendMessageBody) => adminRequest<AttendeeMessage>('POST', base(eventId), body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messages(eventId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.messagePreview(eventId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.mail }),
      ]),
  });
}
