import type { Registry } from 'prom-client';

export type RequestLabels = { method: string; route: string; status: string };

/** One series: counts per bucket (not cumulative), sum and count. */
export interface RequestSeries {
  readonly labels: RequestLabels;
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
}

/**
 * The request latency histogram, exported in prom-client's own format (same lines as its Histogram). prom-client
 * hashes the label object on every observe, bound child or not; here a series is found once per answer by three Map
 * look-ups and an observation is an array increment.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly byRoute = new Map<string, Map<string, Map<number, RequestSeries>>>();
  /** In the order they were made, which is the order they are printed in. */
  private readonly ordered: RequestSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The series of one method, route pattern and status, made on first use. */
  series(method: string, route: string, status: number): RequestSeries {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.ordered.push(series);
    }
    return series;
  }

  observe(series: RequestSeries, seconds: number): void {
    const buckets = this.buckets;
    let i = 0;
    while (i < buckets.length && seconds > buckets[i]) i++;
    if (i < buckets.length) series.counts[i]++;
    series.sum += seconds;
    series.count++;
  }

  all(): readonly RequestSeries[] {
    return this.ordered;
  }

  /** What the registry prints: per series the cumulative buckets, +Inf, _sum and _count, as prom-client's Histogram. */
  getForPromString() {
    const values: Sample[] = [];
    for (const s of this.all()) {
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += s.counts[i];
        values.push({ labels: { le }, sharedLabels: s.labels, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_bucket` },
        { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same samples with the series labels merged in (the registry's JSON form). */
  get() {
    const data = this.getForPromString();
    return { ...data, values: data.values.map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.byRoute.clear();
    this.ordered.length = 0;
  }
}
