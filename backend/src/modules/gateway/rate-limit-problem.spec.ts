import { rateLimitProblem, waitInWords, weightedRefusal } from './api-key.guard.js';
import type { LimitDecision } from './plan-limits.js';

const refused = (window: 'hour' | 'burst', limit: number, retryAfter: string) =>
  ({ allowed: false, limit, remaining: 0, window: { name: window }, headers: { 'retry-after': retryAfter } }) as unknown as LimitDecision;

describe('the 429 of a plan limit', () => {
  it('says the wait in minutes and seconds, keeping Retry-After in seconds', () => {
    const problem = rateLimitProblem(refused('hour', 5, '3595'), true);
    expect(problem.toDocument()).toMatchObject({
      code: 'rate_limited',
      detail: 'Your account allows 5 requests per hour across all your keys (a limit set for this account). Try again in 59 min 55 s.',
    });
    expect(problem.problem.headers).toEqual({ 'Retry-After': '3595' });
  });

  it('words every wait a person reads', () => {
    expect([1, 59, 60, 61, 3595, 3600, 3660, 7200].map(waitInWords)).toEqual(['1 s', '59 s', '1 min', '1 min 1 s', '59 min 55 s', '1 h', '1 h 1 min', '2 h']);
  });

  it("labels a custom burst limit as the account's own, and the plans' as fair use", () => {
    expect(rateLimitProblem(refused('burst', 20, '1'), true).toDocument()).toMatchObject({
      detail: 'Your account allows 20 requests per second (a limit set for this account). Slow down and retry.',
    });
    expect(rateLimitProblem(refused('burst', 200, '1')).toDocument()).toMatchObject({
      detail: 'Fair-use limit of 200 requests per second reached. Slow down and retry.',
    });
  });

  it('tells a batch refused by the per-second limit what it counts, what is left and how long to wait', () => {
    const decision = (remaining: number, retryAfter: string) =>
      ({ allowed: false, limit: 200, remaining, window: { name: 'burst' }, headers: { 'retry-after': retryAfter } }) as unknown as LimitDecision;
    expect(weightedRefusal(decision(30, '1'), 50).toDocument()).toMatchObject({
      code: 'rate_limited',
      detail:
        'This call counts as 50 requests (one per 100 items or cells) and 30 of the fair-use limit of 200 per second are left. Try again in 1 s, or send fewer items.',
    });
    expect(weightedRefusal(decision(0, '3'), 500).toDocument()).toMatchObject({
      detail:
        'This call counts as 500 requests (one per 100 items or cells), more than the fair-use limit of 200 per second: it runs only when none of your calls is in the last second, and then counts for 2.5 s. Try again in 3 s, or send fewer items.',
    });
  });
});
