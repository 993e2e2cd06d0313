import { api } from '../../lib/api';
import type { Models } from '../../lib/api-models';

/** One entry of GET /api/timezone/releases (public, unmetered). */
export type TzReleaseEntry = Models['PublicReleaseView'];

export const releasesQueryKey = ['public-tz-releases'] as const;

export async function fetchReleases(): Promise<TzReleaseEntry[]> {
  const body = await api.get('/api/timezone/releases');
  return body.releases ?? [];
}
