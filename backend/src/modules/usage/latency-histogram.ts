/** The percentiles the request log's stats report, in the order they are reported (p50, p95, p99). */
export const STATS_PERCENTILES = [0.5, 0.95, 0.99] as const;

/**
 * One stats bucket's rows, counted: how many in each status class and how many at each response time. Response times
 * are float4 with 0.01 ms steps, so a busy day holds a few thousand distinct ones: the counts are the exact multiset, from
 * which the percentiles come out as PostgreSQL's percentile_cont computes them, and which closed days keep in
 * request_stats_days (encode/decode).
 */
export class LatencyCounts {
  total = 0;
  s2xx = 0;
  s3xx = 0;
  s4xx = 0;
  s5xx = 0;
  private readonly byMs = new Map<number, number>();

  /** `n` rows of status class `statusClass` (status / 100) that took `ms`. */
  add(statusClass: number, ms: number, n: number): void {
    this.total += n;
    if (statusClass < 3) this.s2xx += n;
    else if (statusClass === 3) this.s3xx += n;
    else if (statusClass === 4) this.s4xx += n;
    else this.s5xx += n;
    this.byMs.set(ms, (this.byMs.get(ms) ?? 0) + n);
  }

  merge(other: LatencyCounts): void {
    this.total += other.total;
    this.s2xx += other.s2xx;
    this.s3xx += other.s3xx;
    this.s4xx += other.s4xx;
    this.s5xx += other.s5xx;
    for (const [ms, n] of other.byMs) this.byMs.set(ms, (this.byMs.get(ms) ?? 0) + n);
  }

  private sorted(): [number, number][] {
    return [...this.byMs.entries()].sort((a, b) => a[0] - b[0]);
  }

  /**
   * p50, p95 and p99 as percentile_cont defines them, in float8: h = p × (n − 1); the values at 0-based ranks floor(h)
   * and ceil(h); lo + (h − floor(h)) × (hi − lo). Null without rows.
   */
  percentiles(): number[] | null {
    if (this.total === 0) return null;
    const entries = this.sorted();
    return STATS_PERCENTILES.map((p) => {
      const h = p * (this.total - 1);
      const low = Math.floor(h);
      const high = Math.ceil(h);
      let lo = NaN;
      let hi = NaN;
      let upto = 0;
      for (const [ms, n] of entries) {
        upto += n;
        if (Number.isNaN(lo) && upto > low) lo = ms;
        if (upto > high) {
          hi = ms;
          break;
        }
      }
      return lo + (h - low) * (hi - lo);
    });
  }

  /** The response times as float4, ascending, then their counts as int4 (little-endian). */
  encode(): Buffer {
    const entries = this.sorted();
    const out = Buffer.alloc(entries.length * 8);
    entries.forEach(([ms, n], i) => {
      out.writeFloatLE(ms, i * 4);
      out.writeInt32LE(n, (entries.length + i) * 4);
    });
    return out;
  }

  static decode(row: { total: number; s2xx: number; s3xx: number; s4xx: number; s5xx: number; latencies: Buffer }): LatencyCounts {
    const counts = new LatencyCounts();
    Object.assign(counts, { total: row.total, s2xx: row.s2xx, s3xx: row.s3xx, s4xx: row.s4xx, s5xx: row.s5xx });
    const size = row.latencies.length / 8;
    for (let i = 0; i < size; i++) counts.byMs.set(row.latencies.readFloatLE(i * 4), row.latencies.readInt32LE((size + i) * 4));
    return counts;
  }
}
