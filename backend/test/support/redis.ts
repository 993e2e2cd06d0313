/**
 * The Redis that tests about several instances share: the machine's (REDIS_URL), else the one the run started for
 * itself (TEST_REDIS_URL, see global-setup.mjs). Undefined when neither is there; such tests skip and say why.
 */
export const SHARED_REDIS_URL: string | undefined = process.env.REDIS_URL || process.env.TEST_REDIS_URL || undefined;

/** `describe` when a shared Redis is there, else `describe.skip` with one line saying what was skipped and why. */
export function describeWithRedis(spec: string): typeof describe {
  if (SHARED_REDIS_URL) return describe;
  console.warn(`${spec}: the multi-instance part is skipped: no REDIS_URL and no redis-server on PATH (apt-get install redis-server)`);
  return describe.skip;
}
