import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';
import { fetchApiKeys, revealApiKey } from '../../../lib/api-keys';
import { apiKeysQueryKey, dashboardStatsQueryKey } from '../../../lib/query-keys';

export { useApiKeys, type ApiKey } from '../../../lib/api-keys';

/** Create and rotate answer the full key once. */
export type ApiKeyWithSecret = Models['IssuedApiKeyView'];

export type ApiKeyInput = Models['CreateApiKeyDto'] & Models['UpdateApiKeyDto'];

export const keysApi = {
  list: fetchApiKeys,
  /** `submission`: one id per opened form, sent as Idempotency-Key, so a double click or a retry makes one key. */
  create: ({ input, submission }: { input: ApiKeyInput; submission: string }) =>
    api.post('/api/api-keys', { body: input, params: { header: { 'Idempotency-Key': submission } } }),
  update: (id: string, body: ApiKeyInput) => api.put('/api/api-keys/{id}', { params: { path: { id } }, body }),
  /** `overlap`: how long the old key keeps working beside the new one. */
  rotate: ({ id, overlap }: { id: string; overlap: Models['RotateApiKeyDto']['overlap'] }) =>
    api.put('/api/api-keys/{id}/rotate', { params: { path: { id } }, body: { overlap } }),
  remove: (id: string) => api.delete('/api/api-keys/{id}', { params: { path: { id } } }),
  reveal: revealApiKey,
  /** Pins the key to a stored tz release ("latest": follows the active one). */
  pin: (id: string, tzdbVersion: string) => api.put('/api/api-keys/{id}', { params: { path: { id } }, body: { tzdbVersion } }),
};

/** The tz releases this server has stored (GET /api/timezone/releases, public), newest first: what a key can be pinned to. */
export type StoredRelease = Models['PublicReleaseView'];
export const storedReleasesQueryKey = ['api-keys', 'tz-releases'] as const;

export function useStoredReleases() {
  return useQuery({
    queryKey: storedReleasesQueryKey,
    // The public list may be kept a minute by the browser: the keys page asks the server again, so "Latest" names the active one.
    queryFn: async () => (await api.get('/api/timezone/releases', { cache: 'no-cache' })).releases ?? [],
  });
}

/** What moving a pin from `from` to `to` would change in the zones the account used in the last 30 days. */
export function usePinPreview(from: string | null, to: string | undefined) {
  return useQuery({
    queryKey: ['api-keys', 'pin-preview', from, to],
    queryFn: () => api.get('/api/change-notices/pin-preview', { params: { query: { from: from!, to: to! } } }),
    enabled: Boolean(from && to && from !== to),
  });
}

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }), queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey })]);
}

export function useCreateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: keysApi.create, onSuccess: invalidate });
}

export function useUpdateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: ({ id, ...body }: ApiKeyInput & { id: string }) => keysApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function usePinApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: ({ id, tzdbVersion }: { id: string; tzdbVersion: string }) => keysApi.pin(id, tzdbVersion), onSuccess: invalidate });
}

export function useRotateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: keysApi.rotate, onSuccess: invalidate });
}

export function useDeleteApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: keysApi.remove, onSuccess: invalidate });
}
