import { MetricsRepository } from '../../src/modules/metrics/metrics.repository.js';
import { mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("/metrics' repository on the real database: the connection pool's state", () => {
  let m: Medium;
  let metrics: MetricsRepository;

  beforeAll(async () => {
    m = await mediumModule({ providers: [MetricsRepository] });
    metrics = m.get(MetricsRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  it('a connection held by an open transaction counts as in use, and is idle again once it commits', async () => {
    const before = metrics.poolStats()!;
    expect(before).not.toBeNull();
    const during = await m.em.fork().transactional(async (tx) => {
      await tx.execute('select 1');
      return metrics.poolStats()!;
    });
    expect(during.inUse).toBe(before.inUse + 1);
    const after = metrics.poolStats()!;
    expect(after.inUse).toBe(before.inUse);
    expect(after.waiting).toBe(0);
  });
});
