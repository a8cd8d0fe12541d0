import { useMutation, useQuery } from '@tanstack/react-query';
import * as integrationsApi from '#common/api/integrations.ts';
import type { ApiTokenBody } from '#common/api-tokens.ts';
import type { WebhookEndpointBody, WebhookEndpointPatch } from '#common/webhooks.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

// The integrations' data layer (decision 037): webhooks, their log, and API tokens, on the admin keys.

/** The delivery log refreshes this often while it is open. */
const LOG_POLL_MS = 3000;

const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: adminKeys.webhooks });

export const useWebhooks = () =>
  useQuery({
    queryKey: adminKeys.webhooks,
    queryFn: () => adminCall(integrationsApi.webhooks),
  });

export const useWebhookLog = (endpointId: string) =>
  useQuery({
    queryKey: adminKeys.webhookLog(endpointId),
    queryFn: () => adminCall(integrationsApi.deliveries, { params: { id: endpointId } }),
    refetchInterval: LOG_POLL_MS,
  });

export const useAddWebhook = () =>
  useMutation({
    mutationFn: (body: WebhookEndpointBody) => adminCall(integrationsApi.addWebhook, { body }),
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
      body?: WebhookEndpointPatch;
    }) => {
      const params = { id };
      if (action === 'patch') return adminCall(integrationsApi.changeWebhook, { params, body: body ?? {} });
      if (action === 'delete') return adminCall(integrationsApi.deleteWebhook, { params });
      return adminCall(action === 'rotate' ? integrationsApi.rotateWebhook : integrationsApi.testWebhook, { params });
    },
    onSuccess: refreshEndpoints,
  });

export const useResend = (endpointId: string) =>
  useMutation({
    mutationFn: (deliveryId: string) => adminCall(integrationsApi.resend, { params: { id: endpointId, deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.webhookLog(endpointId) }),
  });

export const useApiTokens = () =>
  useQuery({
    queryKey: adminKeys.apiTokens,
    queryFn: () => adminCall(integrationsApi.tokens),
  });

export const useCreateToken = () =>
  useMutation({
    mutationFn: (body: ApiTokenBody) => adminCall(integrationsApi.createToken, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiTokens }),
  });

export const useRevokeToken = () =>
  useMutation({
    mutationFn: (id: string) => adminCall(integrationsApi.revokeToken, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiTokens }),
  });
