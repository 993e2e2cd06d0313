import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import type { RedisService } from '../../common/redis/redis.service.js';
import type { KeyDirectory } from '../keys/key-directory.js';
import type { UsageRecorder } from '../usage/usage.recorder.js';

type UsageRow = Parameters<UsageRecorder['record']>[0];
import type { BurstLimiter } from './burst-limiter.js';
import { meter } from './meter.js';
import { MeteringHook } from './metering.js';
import { PlanLimits } from './plan-limits.js';

const noRedis = { client: null, ready: false, prefix: 'tzapi:' } as unknown as RedisService;
/** A free-like account: an hourly quota of 3, no per-second guard (the burst limiter is never asked). */
const LIMITS = { hourlyQuota: 3, burstPerSecond: null, custom: false };

/** One metered request through the real plan limits and metering hook: counted as the key guard does, answered `status`. */
async function answer(limits: PlanLimits, hook: MeteringHook, status: number): Promise<void> {
  const request = { method: 'GET', url: '/api/time/current?timezone=Europe/Paris&lang=aa', id: `r${status}`, ip: '192.0.2.1' } as FastifyRequest;
  const decision = await limits.consume(LIMITS, 'user-1');
  if (!decision.allowed) throw new Error('refused');
  Object.assign(meter(request), { keyId: 'key-1', userId: 'user-1', plan: 'free', counted: decision });
  const reply = { statusCode: status, elapsedTime: 1, getHeader: () => 'application/problem+json' } as unknown as FastifyReply;
  await new Promise<void>((resolve) => hook.onAnswer(request, reply, resolve, '{"code":"internal_error"}'));
}

describe('metering: an answer the server failed to give is never charged', () => {
  const rows: UsageRow[] = [];
  const recorder = { record: (row: UsageRow, done?: () => void) => (rows.push(row), done?.()) } as unknown as UsageRecorder;
  let limits: PlanLimits;
  let hook: MeteringHook;

  beforeEach(() => {
    rows.length = 0;
    limits = new PlanLimits(new RateLimiter(noRedis), {} as BurstLimiter);
    hook = new MeteringHook(recorder, {} as KeyDirectory, undefined, limits);
  });

  it('a 500 gives its quota back: after three 500s the account still has its three requests', async () => {
    for (let i = 0; i < 3; i++) await answer(limits, hook, 500);
    expect((await limits.peek(LIMITS, 'user-1')).remaining).toBe(3);
    for (let i = 0; i < 3; i++) await answer(limits, hook, 200);
    expect((await limits.peek(LIMITS, 'user-1')).remaining).toBe(0);
  });

  it('a 200 and a 400 use the quota', async () => {
    await answer(limits, hook, 200);
    await answer(limits, hook, 400);
    expect((await limits.peek(LIMITS, 'user-1')).remaining).toBe(1);
  });

  it('the 500 keeps its row for the request log (usesQuota marks it not charged by its status)', async () => {
    await answer(limits, hook, 503);
    await answer(limits, hook, 500);
    await answer(limits, hook, 200);
    expect(rows.map((r) => [r.statusCode, r.problemCode])).toEqual([
      [503, 'internal_error'],
      [500, 'internal_error'],
      [200, null],
    ]);
  });
});
