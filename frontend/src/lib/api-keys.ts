import { useQuery } from '@tanstack/react-query';
import type { Models } from './api-models';
import { api } from './api';
import { apiKeysQueryKey } from './query-keys';

/** The read side of the user's API keys, which the overview, usage and playground pages show beside the keys page. */
export type ApiKey = Models['ApiKeyView'];

export function fetchApiKeys() {
  return api.get('/api/api-keys');
}

/** What the user types to prove it is them before a key's secret is shown: the password, and a code when two-factor sign-in is on. */
export interface IdentityProof {
  password?: string;
  totp?: string;
}

/** The full key of one of the user's keys (the playground calls with it; the key card shows and copies it). */
export function revealApiKey(id: string, proof: IdentityProof) {
  return api.post('/api/api-keys/{id}/reveal', { params: { path: { id } }, body: proof });
}

/** `enabled`: the member's role may read keys (keys.read); a role that may not is not asked. */
export function useApiKeys(enabled = true) {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys, enabled });
}
