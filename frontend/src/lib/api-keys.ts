import { useQuery } from '@tanstack/react-query';
import type { Models } from './api-models';
import { apiFetch } from './api';
import { apiKeysQueryKey } from './query-keys';

/** The read side of the user's API keys, which the overview, usage and playground pages show beside the keys page. */
export type ApiKey = Models['ApiKeyView'];

export function fetchApiKeys() {
  return apiFetch<ApiKey[]>('/api/api-keys');
}

/** The full key of one of the user's keys (the playground calls with it; the key card copies it). */
export function revealApiKey(id: string) {
  return apiFetch<Models['RevealedKeyView']>(`/api/api-keys/${encodeURIComponent(id)}/reveal`);
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys });
}
