import type { EffectiveLimits } from '../../config/plans.js';

/**
 * Where the account's limiter window stands now, without counting a request (the dashboard's hourly numbers),
 * provided by the gateway under HOUR_WINDOW (its PlanLimits): usage stays below the gateway and imports none of it.
 */
export interface HourWindow {
  peek(limits: EffectiveLimits, userId: string): Promise<{ window: { name: 'hour' | 'burst' }; limit: number; remaining: number; resetMs: number }>;
}

export const HOUR_WINDOW = Symbol('HourWindow');
