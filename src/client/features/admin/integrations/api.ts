import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiToken, ApiTokenBody } from '#common/api-tokens.ts';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBody } from '#common/webhooks.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

// The integrations' data layer (decision 037): webhooks, their log, and API tokens, on the admin keys.

/** The delivery log refreshes this often while it is open. */
const LOG_POLL_MS = 3000;

const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });

export const useWebhooks = () =>
  useQuery({
    queryKey: adminKeys.webhooks,
    queryFn: () => adminRequest<{ endpoints: WebhookEndpoint[] }>('GET', '/api/admin/webhooks'),
  });

export const useWebhookLog = (endpointId: string) =>
  useQuery({
    queryKey: adminKeys.webhookLog(endpointId),
    queryFn: () =>
      adminRequest<{ deliveries: WebhookDelivery[] }>('GET', `/api/admin/webhooks/${endpointId}/deliveries`),
    refetchInterval: LOG_POLL_MS,
  });

export const useAddWebhook = () =>
  useMutation({
    mutationFn: (body: WebhookEndpointBody) => adminRequest<WebhookEndpoint>('POST', '/api/admin/webhooks', body),
    onSuccess: refreshEndpoints,
  });

/** The endpoint actions: each answers, then the list (and its log) is read again. */
export const useWebhookAction = () =>
  useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: string;
      action: 'rotate' | 'test' | 'patch' | 'delete';
      body?: object;
    }) =>
      action === 'patch'
        ? adminRequest('PATCH', `/api/admin/webhooks/${id}`, body)
        : action === 'delete'
          ? adminRequest('DELETE', `/api/admin/webhooks/${id}`)
          : adminRequest('POST', `/api/admin/webhooks/${id}/${action}`),
    onSuccess: refreshEndpoints,
  });

export const useResend = (endpointId: string) =>
  useMutation({
    mutationFn: (deliveryId: string) =>
      adminRequest('POST', `/api/admin/webhooks/${endpointId}/deliveries/${deliveryId}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhookLog(endpointId) }),
  });

export const useApiTokens = () =>
  useQuery({
    queryKey: adminKeys.apiTokens,
    queryFn: () => adminRequest<{ tokens: ApiToken[] }>('GET', '/api/admin/api-tokens'),
  });

export const useCreateToken = () =>
  useMutation({
    mutationFn: (body: ApiTokenBody) =>
      adminRequest<ApiToken & { token: string }>('POST', '/api/admin/api-tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiTokens }),
  });

export const useRevokeToken = () =>
  useMutation({
    mutationFn: (id: string) => adminRequest('POST', `/api/admin/api-tokens/${id}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiTokens }),
  });
