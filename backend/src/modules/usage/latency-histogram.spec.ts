import { LatencyCounts, STATS_PERCENTILES } from './latency-histogram.js';

/** percentile_cont over the plain list of values, as PostgreSQL's documentation defines it. */
function percentileCont(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = p * (sorted.length - 1);
  return sorted[Math.floor(h)] + (h - Math.floor(h)) * (sorted[Math.ceil(h)] - sorted[Math.floor(h)]);
}

describe('LatencyCounts', () => {
  it('gives percentile_cont of the rows it counted, ties and one row included, and none without rows', () => {
    expect(new LatencyCounts().percentiles()).toBeNull();
    const one = new LatencyCounts();
    one.add(2, Math.fround(1.23), 1);
    expect(one.percentiles()).toEqual([Math.fround(1.23), Math.fround(1.23), Math.fround(1.23)]);

    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const size of [2, 3, 10, 101, 5000]) {
      const values: number[] = [];
      const counts = new LatencyCounts();
      for (let i = 0; i < size; i++) {
        const ms = Math.fround(Math.round(random() * (i % 7 === 0 ? 30000 : 300)) / 100);
        values.push(ms);
        counts.add(2, ms, 1);
      }
      expect(counts.percentiles()).toEqual(STATS_PERCENTILES.map((p) => percentileCont(values, p)));
    }
  });

  it('keeps every class count and latency through encode and decode, and merges buckets into their union', () => {
    const a = new LatencyCounts();
    a.add(2, Math.fround(0.5), 3);
    a.add(3, Math.fround(12.34), 1);
    a.add(4, Math.fround(0.5), 2);
    a.add(5, Math.fround(5030.17), 1);
    const b = new LatencyCounts();
    b.add(1, Math.fround(0.01), 4);
    b.add(2, Math.fround(12.34), 2);

    const back = LatencyCounts.decode({ total: a.total, s2xx: a.s2xx, s3xx: a.s3xx, s4xx: a.s4xx, s5xx: a.s5xx, latencies: a.encode() });
    expect([back.total, back.s2xx, back.s3xx, back.s4xx, back.s5xx]).toEqual([7, 3, 1, 2, 1]);
    expect(back.percentiles()).toEqual(a.percentiles());
    expect(back.encode()).toEqual(a.encode());

    back.merge(b);
    expect([back.total, back.s2xx, back.s3xx, back.s4xx, back.s5xx]).toEqual([13, 9, 1, 2, 1]);
    const union = [...Array(4).fill(0.01), ...Array(5).fill(0.5), ...Array(3).fill(12.34), 5030.17].map(Math.fround);
    expect(back.percentiles()).toEqual(STATS_PERCENTILES.map((p) => percentileCont(union, p)));
  });
});
