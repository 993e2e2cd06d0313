import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';
import { dashboardStatsQueryKey } from '../../dashboard/api';

export type ApiKey = Models['ApiKeyView'];

/** Create and rotate answer the full key once. */
export type ApiKeyWithSecret = Models['IssuedApiKeyView'];

export type ApiKeyInput = Models['CreateApiKeyDto'] & Models['UpdateApiKeyDto'];

export const apiKeysQueryKey = ['api-keys'] as const;

export const keysApi = {
  list: () => apiFetch<ApiKey[]>('/api/api-keys'),
  create: (body: ApiKeyInput) => apiFetch<ApiKeyWithSecret>('/api/api-keys', { method: 'POST', body }),
  update: (id: string, body: ApiKeyInput) =>
    apiFetch<ApiKey>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  rotate: (id: string) =>
    apiFetch<ApiKeyWithSecret>(`/api/api-keys/${encodeURIComponent(id)}/rotate`, { method: 'PUT' }),
  remove: (id: string) => apiFetch<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  reveal: (id: string) => apiFetch<Models['RevealedKeyView']>(`/api/api-keys/${encodeURIComponent(id)}/reveal`),
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: keysApi.list });
}

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
      queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
    ]);
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

export function useRotateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: keysApi.rotate, onSuccess: invalidate });
}

export function useDeleteApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: keysApi.remove, onSuccess: invalidate });
}
