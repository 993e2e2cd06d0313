import { RateLimiter } from '../../../src/common/redis/rate-limiter.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { DEMO_LIMIT } from '../../../src/modules/timezone/public-timezones.controller.js';
import { DEMO_ZONES } from '@tzapi/shared/site';

/** GET /api/public/demo/current: the landing page's live demo answers without a key, for its ten zones, a few times a minute. */
describe('live demo endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the current time of a demo zone without an API key, like /api/time/current', async () => {
    const res = await t.client().get('/api/public/demo/current?timezone=Asia/Tokyo');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ timezone: 'Asia/Tokyo', utc_offset: '+09:00', dst_active: false });
    expect(Date.parse(res.body.current_time)).not.toBeNaN();
  });

  it('refuses a zone outside the demo with invalid_timezone, pointing to the keyed endpoint', async () => {
    const res = await t.client().get('/api/public/demo/current?timezone=Europe/Berlin');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_timezone');
    expect(res.body.detail).toContain('/api/time/current');
  });

  it(`allows ${DEMO_LIMIT.requests} requests a minute per IP address, then 429 with Retry-After`, async () => {
    // The test client always comes from 127.0.0.1: its window starts empty here, whatever the tests above used.
    await t.app.get(RateLimiter).reset('demo:ip:127.0.0.1');
    const client = t.client();
    for (let i = 0; i < DEMO_LIMIT.requests; i++) {
      const ok = await client.get(`/api/public/demo/current?timezone=${DEMO_ZONES[i % DEMO_ZONES.length]}`);
      expect(ok.status).toBe(200);
    }
    const refused = await client.get('/api/public/demo/current?timezone=Europe/Paris');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
