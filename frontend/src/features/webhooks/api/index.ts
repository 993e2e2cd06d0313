import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import type { operations } from '../../../lib/api-schema';
import { api } from '../../../lib/api';

export type WebhookEndpoint = Models['WebhookEndpointResponse'];
export type WebhookEndpointDetail = Models['WebhookEndpointDetailResponse'];
export type EndpointHealth = Models['EndpointHealthResponse'];
export type WebhookEndpointWithSecret = Models['WebhookEndpointWithSecretResponse'];
export type WebhookDelivery = Models['WebhookDeliveryResponse'];
export type WebhookDeliveryPage = Models['WebhookDeliveryPageResponse'];
export type WebhookAttempt = Models['WebhookAttemptResponse'];
export type WebhookAttemptPage = Models['WebhookAttemptPageResponse'];
export type WebhookInput = Models['CreateWebhookDto'];
export type WebhookUpdate = Models['UpdateWebhookDto'];
export type TestEventType = NonNullable<Models['SendTestDto']['type']>;

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

/** What a test event may be: the plain test, or any event with its sample data. */
export const TEST_EVENT_TYPES: { id: TestEventType; label: string }[] = [{ id: 'webhook.test', label: 'A plain test event' }, ...WEBHOOK_EVENTS];

export type DeliveryStatus = NonNullable<Models['WebhookDeliveryResponse']['status']>;
/** The states the message log filters by ('' for all). */
export type DeliveryFilter = NonNullable<NonNullable<operations['Webhooks_deliveries']['parameters']['query']>['status']> | '';

export const webhooksQueryKey = ['webhooks'] as const;
const endpointKey = (id: string) => ['webhooks', id] as const;
const deliveriesKey = (id: string, status: string) => ['webhooks', id, 'deliveries', status] as const;
const attemptsKey = (deliveryId: string) => ['webhooks', 'attempts', deliveryId] as const;
const byId = (id: string) => ({ params: { path: { id } } });

export const webhooksApi = {
  list: () => api.get('/api/webhooks'),
  get: (id: string) => api.get('/api/webhooks/{id}', byId(id)),
  create: (body: WebhookInput) => api.post('/api/webhooks', { body }),
  update: (id: string, body: WebhookUpdate) => api.patch('/api/webhooks/{id}', { ...byId(id), body }),
  remove: (id: string) => api.delete('/api/webhooks/{id}', byId(id)),
  rotate: (id: string) => api.post('/api/webhooks/{id}/rotate-secret', byId(id)),
  // The server's defaults spelled out: the generated SendTestDto marks its defaulted members required.
  test: (id: string, type?: TestEventType) => api.post('/api/webhooks/{id}/test', { ...byId(id), body: { type: type ?? 'webhook.test', retry: false } }),
  deliveries: (id: string, { status, ...query }: { cursor?: string; status?: DeliveryFilter; limit?: number } = {}) =>
    api.get('/api/webhooks/{id}/deliveries', { params: { path: { id }, query: { ...query, status: status || undefined } } }),
  attempts: (deliveryId: string, cursor?: string) =>
    api.get('/api/webhooks/deliveries/{deliveryId}/attempts', { params: { path: { deliveryId }, query: { cursor } } }),
  resend: (deliveryId: string) => api.post('/api/webhooks/deliveries/{deliveryId}/resend', { params: { path: { deliveryId } } }),
};

/** The account's endpoints; asked only when `enabled` (an Enterprise account: others would get 403). */
export function useWebhooks(enabled = true) {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: webhooksApi.list, retry: false, enabled });
}

/** One endpoint with its health and hour-by-hour chart, refreshed while its page is open. */
export function useWebhookEndpoint(id: string) {
  return useQuery({ queryKey: endpointKey(id), queryFn: () => webhooksApi.get(id), retry: false, refetchInterval: 5000 });
}

/** An endpoint's deliveries, page by page (newest first); the pages already open refresh every few seconds. */
export function useWebhookDeliveries(id: string, status: DeliveryFilter = '') {
  return useInfiniteQuery({
    queryKey: deliveriesKey(id, status),
    queryFn: ({ pageParam }) => webhooksApi.deliveries(id, { cursor: pageParam, status }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5000,
  });
}

/** A delivery's attempts, page by page (newest first), asked for when it is opened. */
export function useWebhookAttempts(deliveryId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: attemptsKey(deliveryId),
    queryFn: ({ pageParam }) => webhooksApi.attempts(deliveryId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
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
  return useMutation({ mutationFn: ({ id, type }: { id: string; type?: TestEventType }) => webhooksApi.test(id, type), onSuccess: invalidate });
}

export function useResendDelivery() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhooksApi.resend, onSuccess: invalidate });
}
