import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';

export type WebhookEndpoint = Models['WebhookEndpointResponse'];
export type WebhookEndpointWithSecret = Models['WebhookEndpointWithSecretResponse'];
export type WebhookDelivery = Models['WebhookDeliveryResponse'];
export type WebhookInput = Models['CreateWebhookDto'];
export type WebhookUpdate = Models['UpdateWebhookDto'];

/** The events an endpoint may choose, with what each means (decisions §9). */
export const WEBHOOK_EVENTS: { id: WebhookInput['events'][number]; label: string }[] = [
  { id: 'tzdb.zones_changed', label: 'A new tz release changes zones you used' },
  { id: 'tzdb.release.activated', label: 'A new tz release is live' },
  { id: 'quota.threshold', label: 'Hourly quota at 80% and 100%' },
  { id: 'key.created', label: 'API key created' },
  { id: 'key.rotated', label: 'API key rotated' },
  { id: 'key.deleted', label: 'API key deleted' },
  { id: 'plan.changed', label: 'Plan changed' },
  { id: 'invoice.paid', label: 'Invoice paid' },
  { id: 'invoice.payment_failed', label: 'Payment failed' },
];

export const webhooksQueryKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: () => apiFetch<WebhookEndpoint[]>('/api/webhooks'),
  create: (body: WebhookInput) => apiFetch<WebhookEndpointWithSecret>('/api/webhooks', { method: 'POST', body }),
  update: (id: string, body: WebhookUpdate) => apiFetch<WebhookEndpoint>(path(id), { method: 'PATCH', body }),
  remove: (id: string) => apiFetch<void>(path(id), { method: 'DELETE' }),
  rotate: (id: string) => apiFetch<WebhookEndpointWithSecret>(`${path(id)}/rotate-secret`, { method: 'POST' }),
  test: (id: string) => apiFetch<WebhookDelivery>(`${path(id)}/test`, { method: 'POST' }),
  deliveries: (id: string) => apiFetch<WebhookDelivery[]>(`${path(id)}/deliveries`),
  resend: (deliveryId: string) => apiFetch<WebhookDelivery>(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' }),
};

/** The account's endpoints; asked only when `enabled` (an Enterprise account: others would get 403). */
export function useWebhooks(enabled = true) {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: webhooksApi.list, retry: false, enabled });
}

/** An endpoint's delivery log; refreshed every few seconds while it is open (retries land on their own). */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({ queryKey: deliveriesKey(id ?? ''), queryFn: () => webhooksApi.deliveries(id!), enabled: !!id, refetchInterval: 3000 });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.create, onSuccess: invalidate });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ id, ...body }: WebhookUpdate & { id: string }) => webhooksApi.update(id, body), onSuccess: invalidate });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.remove, onSuccess: invalidate });
}

export function useRotateWebhookSecret() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.rotate, onSuccess: invalidate });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.test, onSuccess: invalidate });
}

export function useResendDelivery() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.resend, onSuccess: invalidate });
}
