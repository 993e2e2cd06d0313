/**
 * Query keys that more than one feature reads or invalidates: a call made in one feature (a new key, a playground
 * request) refreshes the numbers another feature shows. Each feature's api/ builds its own keys on these.
 */
export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

export const apiKeysQueryKey = ['api-keys'] as const;

/** Every usage summary, whatever its filter (a feature adds the filter after it). */
export const usageSummaryRootKey = ['usage', 'summary'] as const;
