import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RedisService } from '../../common/redis/redis.service.js';
import { answeredRoute } from '../../common/http/route-config.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { KeyDirectory } from '../keys/key-directory.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import { JobsConsole } from '../jobs/jobs-console.js';
import type { QueueCounts } from '../jobs/jobs-console.js';
import { meterOf } from '../gateway/meter.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { MetricsRepository } from './metrics.repository.js';
import { RequestHistogram } from './request-histogram.js';

const REDIS_STATES = ['up', 'degraded', 'memory'] as const;

/**
 * What an operator scrapes at /metrics (Prometheus text format): traffic per route pattern and status, refusals per
 * plan, the usage pipeline, the key cache, the PostgreSQL pool, Redis, the active tz release and the process.
 * One registry per app, so several apps in one test process don't share counts.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  // The request count of a series is its histogram's count: set from it when scraped, nothing per request.
  private readonly requests = new Counter({
    name: 'tzapi_http_requests_total',
    help: 'Answered HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => {
      this.requests.reset();
      for (const series of this.latency.all()) this.requests.inc(series.labels, series.count);
    },
  });
  private readonly latency = new RequestHistogram(
    'tzapi_http_request_duration_seconds',
    'Time from request to answer, by method, route pattern and status',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    this.registry,
  );
  private readonly refusals = new Counter({
    name: 'tzapi_rate_limit_refusals_total',
    help: 'Requests of the sold API refused with 429, by plan',
    labelNames: ['plan'] as const,
    registers: [this.registry],
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: MetricsRepository,
    private readonly recorder: UsageRecorder,
    private readonly directory: KeyDirectory,
    private readonly redis: RedisService,
    private readonly tzRelease: ActiveTzRelease,
    private readonly jobs: JobsConsole,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'tzapi_' });
    const self = this;
    new Gauge({
      name: 'tzapi_usage_buffered_rows',
      help: 'Usage rows waiting in the write buffer',
      registers,
      collect() {
        this.set(self.recorder.pending);
      },
    });
    new Gauge({
      name: 'tzapi_usage_flush_lag_seconds',
      help: 'How long the oldest unwritten usage row has waited',
      registers,
      collect() {
        this.set(self.recorder.flushLagMs / 1000);
      },
    });
    new Gauge({
      name: 'tzapi_usage_spooled_rows',
      help: 'Usage rows spooled to disk at shutdown (this process) and read back at start',
      labelNames: ['direction'] as const,
      registers,
      collect() {
        this.set({ direction: 'spooled' }, self.recorder.spooled);
        this.set({ direction: 'replayed' }, self.recorder.replayed);
      },
    });
    new Gauge({
      name: 'tzapi_usage_dropped_rows',
      help: 'Usage rows dropped because the buffer was full during a long database outage',
      registers,
      collect() {
        this.set(self.recorder.dropped);
      },
    });
    new Gauge({
      name: 'tzapi_key_cache_hit_ratio',
      help: 'Share of API key look-ups answered from the in-process cache since start',
      registers,
      collect() {
        const total = self.directory.cacheHits + self.directory.cacheMisses;
        this.set(total ? self.directory.cacheHits / total : 0);
      },
    });
    new Gauge({
      name: 'tzapi_key_cache_lookups',
      help: 'API key look-ups since start, by outcome',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.set({ outcome: 'hit' }, self.directory.cacheHits);
        this.set({ outcome: 'miss' }, self.directory.cacheMisses);
      },
    });
    new Gauge({
      name: 'tzapi_db_pool_connections',
      help: 'PostgreSQL pool connections, by state',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = self.database.poolStats();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'tzapi_redis_state',
      help: 'Shared state: 1 for the current state (up, degraded: configured but unreachable, memory: not configured)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const state = self.redis.state();
        for (const s of REDIS_STATES) this.set({ state: s }, s === state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tzapi_tzdb_release_info',
      help: 'The tz database release the API answers from (value 1, version as a label)',
      labelNames: ['version'] as const,
      registers,
      collect() {
        this.reset();
        this.set({ version: self.tzRelease.version }, 1);
      },
    });
    // The job engine's queue, read once per scrape (one grouped count over pg-boss's table), shared by both gauges.
    let jobCounts: Promise<QueueCounts[]> | null = null;
    const readJobs = () => (jobCounts ??= self.jobs.counts().finally(() => setImmediate(() => (jobCounts = null))));
    new Gauge({
      name: 'tzapi_jobs',
      help: 'Jobs of the job engine by queue and state (created and retry: the queue depth; failed: out of attempts)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await readJobs().catch(() => [])) {
          for (const state of ['created', 'retry', 'active', 'failed', 'cancelled', 'completed'] as const) this.set({ queue: q.queue, state }, q[state]);
        }
      },
    });
    const attempts = new Counter({
      name: 'tzapi_job_failed_attempts_total',
      help: 'Job attempts that failed in this process (each is retried until its queue gives up), by queue',
      labelNames: ['queue'] as const,
      registers,
      collect() {
        attempts.reset();
        for (const [queue, n] of self.jobs.failedAttempts) attempts.inc({ queue }, n);
      },
    });
    new Gauge({
      name: 'tzapi_job_oldest_waiting_seconds',
      help: 'How long the oldest job due to run has waited, by queue (0 when none waits)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await readJobs().catch(() => [])) this.set({ queue: q.queue }, q.oldestWaitingSeconds ?? 0);
      },
    });
    const FEED_STATES = ['off', 'unknown', 'unchanged', 'activated', 'waiting', 'refused', 'error'] as const;
    new Gauge({
      name: 'tzapi_tzdb_feed_state',
      help: "The IANA release feed's last check: 1 for its outcome (off: no TZDB_FEED_URL; refused and error deserve an alert)",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const state = self.tzRelease.feed?.state ?? 'off';
        for (const s of FEED_STATES) this.set({ state: s }, s === state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tzapi_tzdb_feed_last_success_timestamp_seconds',
      help: 'When the release feed last checked IANA successfully (Unix seconds; 0 before the first or without a feed)',
      registers,
      collect() {
        const at = self.tzRelease.feed?.lastSuccessAt;
        this.set(at ? new Date(at).getTime() / 1000 : 0);
      },
    });
    new Gauge({
      name: 'tzapi_tzdb_release_lag_seconds',
      help: 'How long the newest release the feed has seen has not been the active one (0 when the active release is the newest seen)',
      registers,
      collect() {
        const feed = self.tzRelease.feed;
        const [newest, active] = [feed?.newestVersion ?? '', self.tzRelease.version];
        // tz versions order by year, then letters ("2026z" < "2026za"): length first, then text.
        const behind = feed?.newestSeenAt && newest && (newest.length - active.length || (newest > active ? 1 : newest < active ? -1 : 0)) > 0;
        this.set(behind ? Math.max(0, (Date.now() - new Date(feed.newestSeenAt!).getTime()) / 1000) : 0);
      },
    });
  }

  /** Called once per answer (Fastify onResponse). Unmatched paths share one label, so scanners can't grow the series. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = answeredRoute(request) ?? 'unmatched';
    this.latency.observe(this.latency.series(request.method, route, reply.statusCode), reply.elapsedTime / 1000);
    if (reply.statusCode === 429) this.rateLimitRefused(meterOf(request)?.plan ?? 'unknown');
  }

  /** A request refused by its plan's limit (also an MCP tool call, whose HTTP answer is 200). */
  rateLimitRefused(plan: string): void {
    this.refusals.inc({ plan });
  }

  /** /metrics is served only with METRICS_TOKEN set, and only to a bearer of it. */
  authorized(request: FastifyRequest): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) return false;
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
