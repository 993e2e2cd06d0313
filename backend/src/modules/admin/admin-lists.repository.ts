import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { escapeLike } from '../../common/text/like-pattern.js';
import type { ListQuery, ResourceSpec } from './admin-list-query.js';
import { API_KEYS, AUDIT_LOG, SUPPORT_MESSAGES, USERS } from './admin-resources.js';
import { AdminErrors } from './admin.errors.js';

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;
/** Epoch ms (an int8 expression) as a timestamptz. */
const ts = (ms: string) => `('epoch'::timestamptz + (${ms}) * interval '1 millisecond')`;
/** An event's time in a batch, epoch ms. */
const AT = `((extract(epoch from b.starts_at) * 1000)::int8 + e.off)`;

/** Below this many matching rows, Content-Range carries an exact count; above it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface Page<T> {
  rows: T[];
  offset: number;
  total: number;
  /** False when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT matches). */
  exact: boolean;
}

export type Row = Record<string, unknown>;

interface Where {
  clauses: string[];
  params: unknown[];
}

export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/**
 * The console's SQL, after immich's server/src/repositories: one method a list or a record, no rule of the console's.
 * A list filters and sorts only by the columns admin-resources.ts whitelists (a name from the request only ever picks
 * one of them), every value is a bound parameter, paging is server-side, counts are bounded.
 */
@Injectable()
export class AdminListsRepository {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly em: EntityManager) {}

  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params);
  }

  /** The console's users (rows of `select * from users`). */
  async users(query: ListQuery): Promise<Page<Row>> {
    const where = this.filterClauses(
      USERS,
      'u',
      { plan: 'u.plan', role: 'u.role', isBlocked: 'u.is_blocked', emailVerified: 'u.email_verified', isClosed: '(u.closed_at is not null)' },
      query,
    );
    // People only: organisations have their own console list (issue 51).
    where.clauses.push(`u.kind = 'person'`);
    if (query.q) where.clauses.push(await this.textMatch(['u.email', `(u.first_name || ' ' || u.last_name)`], query.q, where));
    return this.page(USERS, 'users u', where, 'u.*', 'u.id', query);
  }

  /** The console's API keys, each with its owner's address (user_email). */
  async apiKeys(query: ListQuery): Promise<Page<Row>> {
    const where = this.filterClauses(API_KEYS, 'k', { isActive: 'k.is_active', userId: 'k.user_id' }, query);
    if (query.q) {
      const byName = await this.textMatch(['k.name'], query.q, where);
      where.params.push(`${escapeLike(query.q)}%`, `${escapeLike(query.q.toLowerCase())}%`);
      // `= any(array(...))` is an init plan, so each branch of the OR can use its own index (bitmap OR).
      where.clauses.push(`(${byName} or k.prefix like ? or k.user_id = any(array(select id from users where email like ? limit 1000)))`);
    }
    const select = `k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id`;
    const page = await this.page(API_KEYS, 'api_keys k', where, select, 'k.id', query);
    // Owners are looked up for the page only: in the page query, OFFSET rows would be projected too.
    const ownerIds = [...new Set(page.rows.map((r) => r.user_id as string))];
    const owners = ownerIds.length ? await this.sql<{ id: string; email: string }>(`select id, email from users where id in (?)`, [ownerIds]) : [];
    const emails = new Map(owners.map((o) => [o.id, o.email]));
    return { ...page, rows: page.rows.map((r) => ({ ...r, user_email: emails.get(r.user_id as string) ?? null })) };
  }

  /** One API key with its owner's address. */
  async apiKey(id: string): Promise<Row | undefined> {
    const [row] = await this.sql(
      `select k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id, u.email as user_email
       from api_keys k left join users u on u.id = k.user_id where k.id = ?`,
      [id],
    );
    return row;
  }

  async supportMessages(query: ListQuery): Promise<Page<Row>> {
    const where = this.filterClauses(SUPPORT_MESSAGES, 's', { category: 's.category', status: 's.status', userId: 's.user_id' }, query);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      where.clauses.push(`(s.email ilike ? or s.name ilike ? or s.subject ilike ?)`);
      where.params.push(pattern, pattern, pattern);
    }
    return this.page(SUPPORT_MESSAGES, 'support_messages s', where, 's.*', 's.id', query);
  }

  async supportMessage(id: string): Promise<Row | undefined> {
    const [row] = await this.sql(`select * from support_messages where id = ?`, [id]);
    return row;
  }

  async auditLog(query: ListQuery): Promise<Page<Row>> {
    const where = this.filterClauses(
      AUDIT_LOG,
      'a',
      { action: 'a.action', targetType: 'a.target_type', targetId: 'a.target_id', actorId: 'a.actor_id' },
      query,
    );
    if (query.q) {
      where.clauses.push(`(a.actor_email ilike ? or a.target_id = ?)`);
      where.params.push(`%${escapeLike(query.q)}%`, query.q);
    }
    return this.page(AUDIT_LOG, 'audit_log a', where, 'a.*', 'a.id', query);
  }

  async auditEntry(id: string): Promise<Row | undefined> {
    const [row] = await this.sql(`select * from audit_log where id = ?`, [id]);
    return row;
  }

  /** The dashboard's totals: users and active keys by the list rule (exact up to EXACT_COUNT_LIMIT), requests from the daily roll-ups. */
  async totals(): Promise<{ users: number; activeKeys: number; requests: number }> {
    const [users, keys, [requests]] = await Promise.all([
      this.boundedCount('users u', '', []),
      this.boundedCount('api_keys k', 'where k.is_active', []),
      this.sql<{ n: string }>(`select coalesce(sum("count"), 0) as n from usage_daily`),
    ]);
    return { users: users.total, activeKeys: keys.total, requests: Number(requests.n) };
  }

  /** Accounts created per UTC quarter hour since `from`, keyed by the quarter's start (epoch ms); quarters without signups are absent. */
  async signupsPerQuarterHour(from: Date): Promise<{ start: number; n: number }[]> {
    const rows = await this.sql<{ q: string; n: number }>(
      `select (floor(extract(epoch from created_at) / 900) * 900000)::int8::text as q, count(*)::int as n
       from users where created_at >= ? group by 1 order by 1`,
      [from],
    );
    return rows.map((r) => ({ start: Number(r.q), n: r.n }));
  }

  /** Subscriptions in one of `statuses` on a paid plan: how many per plan, and how many accounts hold one. */
  async paidSubscriptions(statuses: string[]): Promise<{ perPlan: { plan: string; n: number }[]; accounts: number }> {
    const where = `where status in (?) and plan <> 'free'`;
    const [perPlan, [accounts]] = await Promise.all([
      this.sql<{ plan: string; n: number }>(`select plan, count(*)::int as n from subscriptions ${where} group by plan`, [statuses]),
      this.sql<{ n: number }>(`select count(distinct user_id)::int as n from subscriptions ${where}`, [statuses]),
    ]);
    return { perPlan, accounts: accounts.n };
  }

  /**
   * Requests answered in (from, to], by status class: the whole quarter hours from the roll-ups (indexed by start), the
   * partial quarters at the ends from the batches of the accounts those quarters' roll-ups name, and the usage_records
   * rows not moved into batches yet (the BRIN index on "timestamp"), in one statement.
   */
  async requestOutcomes(from: Date, to: Date): Promise<{ total: number; clientErrors: number; serverErrors: number }> {
    const [lo, hi] = [from.getTime() + 1, to.getTime() + 1];
    const [qlo, qhi] = [Math.ceil(lo / QUARTER_MS) * QUARTER_MS, Math.floor(hi / QUARTER_MS) * QUARTER_MS];
    const edges = qlo < qhi ? [lo, qlo, qhi, hi] : [lo, hi, hi, hi];
    const [row] = await this.sql<{ total: string; client_errors: string; server_errors: string }>(
      `with edge as (select * from (values (?::int8, ?::int8), (?::int8, ?::int8)) as edge(lo, hi) where lo < hi),
       ev as (
         select q.status_code::int as status, q.count::int8 as n from usage_quarter_hours q
         where q.starts_at >= ${ts('?::int8')} and q.starts_at < ${ts('?::int8')}
         union all
         select e.status::int, 1::int8 from edge
         cross join lateral (select distinct user_id from usage_quarter_hours
           where starts_at >= ${ts(`floor(edge.lo / ${QUARTER_MS}.0)::int8 * ${QUARTER_MS}`)} and starts_at < ${ts('edge.hi')}) u
         join usage_batches b on b.user_id = u.user_id and b.starts_at >= ${ts(`edge.lo - ${HOUR_MS}`)} and b.starts_at < ${ts('edge.hi')}
           and b.ends_at >= ${ts('edge.lo')}
         cross join lateral unnest(b.offsets_ms, b.status_codes) as e(off, status)
         where ${AT} >= edge.lo and ${AT} < edge.hi
         union all
         select status_code::int, 1::int8 from usage_records where "timestamp" > ? and "timestamp" <= ?
       )
       select coalesce(sum(n), 0) as total, coalesce(sum(n) filter (where status between 400 and 499), 0) as client_errors,
         coalesce(sum(n) filter (where status >= 500), 0) as server_errors
       from ev`,
      [...edges, qlo, qlo < qhi ? qhi : qlo, from, to],
    );
    return { total: Number(row.total), clientErrors: Number(row.client_errors), serverErrors: Number(row.server_errors) };
  }

  /** Infix search (trigram indexes) when pg_trgm is installed, else prefix search (btree text_pattern_ops). */
  private hasTrigram(): Promise<boolean> {
    this.trigram ??= this.sql<{ ok: boolean }>(`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`).then(
      ([row]) => row.ok,
      () => false,
    );
    return this.trigram;
  }

  private async textMatch(expressions: string[], q: string, where: Where): Promise<string> {
    const trigram = await this.hasTrigram();
    const pattern = trigram ? `%${escapeLike(q)}%` : `${escapeLike(q.toLowerCase())}%`;
    return `(${expressions
      .map((e) => {
        where.params.push(pattern);
        return trigram ? `${e} ilike ?` : `lower(${e}) like ?`;
      })
      .join(' or ')})`;
  }

  private filterClauses(spec: ResourceSpec, alias: string, columns: Record<string, string>, query: ListQuery): Where {
    const where: Where = { clauses: [], params: [] };
    if (query.ids) {
      where.clauses.push(`${alias}.id in (?)`);
      where.params.push(query.ids);
    }
    for (const [field, value] of Object.entries(query.filters)) {
      const column = columns[field];
      if (!column) throw AdminErrors.badQuery(`filter.${field}`, `Cannot filter ${spec.name} by "${field}"`);
      where.clauses.push(`${column} = ?`);
      where.params.push(value);
    }
    return where;
  }

  private async page(spec: ResourceSpec, from: string, where: Where, select: string, idColumn: string, query: ListQuery): Promise<Page<Row>> {
    const whereSql = where.clauses.length ? `where ${where.clauses.join(' and ')}` : '';
    const order = query.sortOrder === 'DESC' ? 'desc' : 'asc';
    const sortColumn = spec.sortable[query.sortField];
    const nulls = query.sortField === 'lastUsedAt' ? ' nulls last' : '';
    const orderBy = `order by ${sortColumn} ${order}${nulls}, ${idColumn} ${order}`;
    // Two steps: the page's ids (index-only where an index covers sort column and id, so a deep OFFSET walks only
    // the index), then the rows of those ids.
    const rows = await this.sql(
      `select ${select} from ${from} where ${idColumn} in (select ${idColumn} from ${from} ${whereSql} ${orderBy} limit ? offset ?) ${orderBy}`,
      [...where.params, query.limit, query.offset],
    );
    const { total, exact } = await this.count(from, whereSql, where.params, query.offset, rows.length, query.limit);
    return { rows, offset: query.offset, total, exact };
  }

  /**
   * Exact count while it stays at or below EXACT_COUNT_LIMIT (the inner LIMIT bounds the work), else the
   * planner's row estimate (pg_class statistics through EXPLAIN), never below what the current page proves.
   */
  private async count(
    from: string,
    whereSql: string,
    params: unknown[],
    offset: number,
    pageRows: number,
    limit: number,
  ): Promise<{ total: number; exact: boolean }> {
    if (offset === 0 && pageRows < limit) return { total: pageRows, exact: true };
    const counted = await this.boundedCount(from, whereSql, params);
    if (counted.exact) return counted;
    const seen = offset + pageRows + (pageRows === limit ? 1 : 0);
    return { total: Math.max(counted.total, seen), exact: false };
  }

  private async boundedCount(from: string, whereSql: string, params: unknown[]): Promise<{ total: number; exact: boolean }> {
    const [{ n }] = await this.sql<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${from} ${whereSql} limit ${EXACT_COUNT_LIMIT + 1}) s`,
      params,
    );
    if (n <= EXACT_COUNT_LIMIT) return { total: n, exact: true };
    const [plan] = await this.sql<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 from ${from} ${whereSql}`, params);
    const raw = plan['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    const estimate = Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
    return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), exact: false };
  }
}
