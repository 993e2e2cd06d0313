import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { effectiveLimits } from '../../config/plans.js';
import type { CustomLimits, EffectiveLimits, PlanId } from '../../config/plans.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { Role, User, UserView } from '../accounts/user.entity.js';
import { BillingService } from '../billing/billing.service.js';
import { KeysService } from '../keys/keys.service.js';
import { escapeLike, isUuid } from './admin-list-query.js';
import type { ListQuery, ResourceSpec } from './admin-list-query.js';
import { API_KEYS, AUDIT_LOG, SUPPORT_MESSAGES, USERS } from './admin-resources.js';
import { AdminErrors } from './admin.errors.js';
import { AuditLogEntry } from './audit-log.entity.js';
import type { AuditAction, AuditTargetType } from './audit-log.entity.js';

/** Below this many matching rows, Content-Range carries an exact count; above it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface Page<T> {
  rows: T[];
  offset: number;
  total: number;
  /** False when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT matches). */
  exact: boolean;
}

/** The admin list shows users as /api/me describes them, with their limits and which of them are negotiated. */
export interface AdminUserView extends UserView {
  limits: EffectiveLimits;
  customLimits: CustomLimits;
}

export interface AdminApiKeyView {
  id: string;
  name: string;
  keyPrefix: string;
  isActive: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  userId: string | null;
  userEmail: string | null;
}

export interface AdminSupportMessageView {
  id: string;
  name: string;
  email: string;
  category: string;
  subject: string;
  message: string;
  status: string;
  userId: string | null;
  createdAt: string;
}

export interface AuditLogView {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ipAddress: string | null;
  createdAt: string;
}

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

export interface Actor {
  user: User;
  ip: string | null;
}

type Row = Record<string, unknown>;

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
const json = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as Record<string, unknown>);

function userView(r: Row): AdminUserView {
  const customLimits: CustomLimits = {
    hourlyQuota: (r.custom_hourly_quota as number | null) ?? null,
    burstPerSecond: (r.custom_burst_per_second as number | null) ?? null,
  };
  return {
    id: r.id as string,
    email: r.email as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    plan: r.plan as PlanId,
    planGranted: Boolean(r.plan_granted),
    role: r.role as Role,
    isBlocked: r.is_blocked as boolean,
    emailVerified: r.email_verified as boolean,
    createdAt: iso(r.created_at),
    profileImageUrl: (r.profile_image_url as string | null) ?? null,
    limits: effectiveLimits(r.plan as PlanId, customLimits),
    customLimits,
    closedAt: isoOrNull(r.closed_at),
  };
}

function keyView(r: Row): AdminApiKeyView {
  return {
    id: r.id as string,
    name: r.name as string,
    keyPrefix: r.prefix as string,
    isActive: r.is_active as boolean,
    createdAt: iso(r.created_at),
    lastUsedAt: isoOrNull(r.last_used_at),
    userId: (r.user_id as string | null) ?? null,
    userEmail: (r.user_email as string | null) ?? null,
  };
}

function supportView(r: Row): AdminSupportMessageView {
  return {
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    category: r.category as string,
    subject: r.subject as string,
    message: r.message as string,
    status: r.status as string,
    userId: (r.user_id as string | null) ?? null,
    createdAt: iso(r.created_at),
  };
}

function auditView(r: Row): AuditLogView {
  return {
    id: r.id as string,
    actorId: (r.actor_id as string | null) ?? null,
    actorEmail: r.actor_email as string,
    action: r.action as AuditAction,
    targetType: r.target_type as AuditTargetType,
    targetId: r.target_id as string,
    before: json(r.before),
    after: json(r.after),
    ipAddress: (r.ip_address as string | null) ?? null,
    createdAt: iso(r.created_at),
  };
}

interface Where {
  clauses: string[];
  params: unknown[];
}

/**
 * The super admin's reads and actions. Lists are plain SQL over whitelisted columns (see admin-resources.ts):
 * server-side paging, index-backed filters and sorts, and bounded counts.
 */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');
  private trigram: Promise<boolean> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsService,
    private readonly keys: KeysService,
    private readonly billing: BillingService,
  ) {}

  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params);
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

  // ---- lists ----

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

  private async page<T>(
    spec: ResourceSpec,
    from: string,
    where: Where,
    select: string,
    idColumn: string,
    query: ListQuery,
    map: (r: Row) => T,
  ): Promise<Page<T>> {
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
    return { rows: rows.map(map), offset: query.offset, total, exact };
  }

  /**
   * Exact count while it stays at or below EXACT_COUNT_LIMIT (the inner LIMIT bounds the work), else the
   * planner's row estimate (pg_class statistics through EXPLAIN), never below what the current page proves.
   */
  private async count(from: string, whereSql: string, params: unknown[], offset: number, pageRows: number, limit: number): Promise<{ total: number; exact: boolean }> {
    if (offset === 0 && pageRows < limit) return { total: pageRows, exact: true };
    const counted = await this.boundedCount(from, whereSql, params);
    if (counted.exact) return counted;
    const seen = offset + pageRows + (pageRows === limit ? 1 : 0);
    return { total: Math.max(counted.total, seen), exact: false };
  }

  private async boundedCount(from: string, whereSql: string, params: unknown[]): Promise<{ total: number; exact: boolean }> {
    const [{ n }] = await this.sql<{ n: number }>(`select count(*)::int as n from (select 1 from ${from} ${whereSql} limit ${EXACT_COUNT_LIMIT + 1}) s`, params);
    if (n <= EXACT_COUNT_LIMIT) return { total: n, exact: true };
    const [plan] = await this.sql<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 from ${from} ${whereSql}`, params);
    const raw = plan['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    const estimate = Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
    return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), exact: false };
  }


  async listUsers(query: ListQuery): Promise<Page<AdminUserView>> {
    const where = this.filterClauses(
      USERS,
      'u',
      { plan: 'u.plan', role: 'u.role', isBlocked: 'u.is_blocked', emailVerified: 'u.email_verified', isClosed: '(u.closed_at is not null)' },
      query,
    );
    if (query.q) where.clauses.push(await this.textMatch(['u.email', `(u.first_name || ' ' || u.last_name)`], query.q, where));
    return this.page(USERS, 'users u', where, 'u.*', 'u.id', query, userView);
  }

  async listApiKeys(query: ListQuery): Promise<Page<AdminApiKeyView>> {
    const where = this.filterClauses(API_KEYS, 'k', { isActive: 'k.is_active', userId: 'k.user_id' }, query);
    if (query.q) {
      const byName = await this.textMatch(['k.name'], query.q, where);
      where.params.push(`${escapeLike(query.q)}%`, `${escapeLike(query.q.toLowerCase())}%`);
      // `= any(array(...))` is an init plan, so each branch of the OR can use its own index (bitmap OR).
      where.clauses.push(`(${byName} or k.prefix like ? or k.user_id = any(array(select id from users where email like ? limit 1000)))`);
    }
    const select = `k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id`;
    const page = await this.page(API_KEYS, 'api_keys k', where, select, 'k.id', query, (r) => r);
    // Owners are looked up for the page only: in the page query, OFFSET rows would be projected too.
    const ownerIds = [...new Set(page.rows.map((r) => r.user_id as string))];
    const owners = ownerIds.length ? await this.sql<{ id: string; email: string }>(`select id, email from users where id in (?)`, [ownerIds]) : [];
    const emails = new Map(owners.map((o) => [o.id, o.email]));
    return { ...page, rows: page.rows.map((r) => keyView({ ...r, user_email: emails.get(r.user_id as string) ?? null })) };
  }

  async listSupportMessages(query: ListQuery): Promise<Page<AdminSupportMessageView>> {
    const where = this.filterClauses(SUPPORT_MESSAGES, 's', { category: 's.category', status: 's.status', userId: 's.user_id' }, query);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      where.clauses.push(`(s.email ilike ? or s.name ilike ? or s.subject ilike ?)`);
      where.params.push(pattern, pattern, pattern);
    }
    return this.page(SUPPORT_MESSAGES, 'support_messages s', where, 's.*', 's.id', query, supportView);
  }

  async listAuditLog(query: ListQuery): Promise<Page<AuditLogView>> {
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
    return this.page(AUDIT_LOG, 'audit_log a', where, 'a.*', 'a.id', query, auditView);
  }

  // ---- single records ----

  async getUser(id: string): Promise<AdminUserView> {
    const [row] = isUuid(id) ? await this.sql(`select * from users where id = ?`, [id]) : [];
    if (!row) throw AdminErrors.userNotFound();
    return userView(row);
  }

  async getApiKey(id: string): Promise<AdminApiKeyView> {
    const [row] = isUuid(id)
      ? await this.sql(
          `select k.id, k.name, k.prefix, k.is_active, k.created_at, k.last_used_at, k.user_id, u.email as user_email
           from api_keys k left join users u on u.id = k.user_id where k.id = ?`,
          [id],
        )
      : [];
    if (!row) throw AdminErrors.keyNotFound();
    return keyView(row);
  }

  async getSupportMessage(id: string): Promise<AdminSupportMessageView> {
    const [row] = isUuid(id) ? await this.sql(`select * from support_messages where id = ?`, [id]) : [];
    if (!row) throw AdminErrors.recordNotFound('Support message');
    return supportView(row);
  }

  async getAuditEntry(id: string): Promise<AuditLogView> {
    const [row] = isUuid(id) ? await this.sql(`select * from audit_log where id = ?`, [id]) : [];
    if (!row) throw AdminErrors.recordNotFound('Audit log entry');
    return auditView(row);
  }

  /** Users and active keys follow the list rule (exact up to EXACT_COUNT_LIMIT, estimated beyond); requests sum the daily roll-ups. */
  async stats(): Promise<AdminStats> {
    const [users, keys, [requests]] = await Promise.all([
      this.boundedCount('users u', '', []),
      this.boundedCount('api_keys k', 'where k.is_active', []),
      this.sql<{ n: string }>(`select coalesce(sum("count"), 0) as n from usage_daily`),
    ]);
    return { totalUsers: users.total, totalApiKeys: keys.total, totalRequests: Number(requests.n) };
  }

  // ---- actions (each writes an audit row in the same transaction as the change) ----

  async setBlocked(actor: Actor, userId: string, blocked: boolean): Promise<AdminUserView> {
    if (blocked && actor.user.id === userId) throw AdminErrors.cannotBlockSelf();
    const after = await this.changeUser(actor, userId, blocked ? 'user.block' : 'user.unblock', { is_blocked: blocked }, (u) => ({ isBlocked: u.isBlocked }));
    if (blocked) await this.sessions.endAllForUser(userId);
    // The key cache holds the owner's block state: drop it here and, through Redis, on every instance.
    await this.keys.invalidateUser(userId);
    return after;
  }

  /**
   * The console's plan change: through the payment provider for a paying subscriber (prorated; free cancels the
   * subscription), a grant for an account without one. Audited with how it was applied.
   */
  async changePlan(actor: Actor, userId: string, plan: PlanId): Promise<AdminUserView> {
    const before = await this.getUser(userId);
    const via = await this.billing.adminChangePlan(userId, plan, async () => {
      await this.changeUser(actor, userId, 'user.plan_change', { plan, plan_granted: plan !== 'free' }, (u) => ({ plan: u.plan, planGranted: u.planGranted }), { via: 'grant' });
    });
    // The key cache holds the owner's plan: the new limits apply to the very next request.
    await this.keys.invalidateUser(userId);
    const after = await this.getUser(userId);
    if (via !== 'grant') {
      await this.audit(this.em.fork(), actor, 'user.plan_change', 'user', userId, { plan: before.plan, planGranted: before.planGranted, email: before.email }, {
        plan: after.plan,
        planGranted: after.planGranted,
        email: after.email,
        via,
      });
    }
    this.logger.log(`User ${userId}: plan ${before.plan} -> ${after.plan} by ${actor.user.email} (${via})`);
    return after;
  }

  /** Negotiated limits (null = the plan's default); like a plan change, they apply from the next API request everywhere. */
  async setLimits(actor: Actor, userId: string, custom: CustomLimits): Promise<EffectiveLimits> {
    const after = await this.changeUser(
      actor,
      userId,
      'user.limits_change',
      { custom_hourly_quota: custom.hourlyQuota, custom_burst_per_second: custom.burstPerSecond },
      (u) => ({ plan: u.plan, customLimits: u.customLimits, limits: u.limits }),
    );
    // The key cache holds the owner's limits: drop it here and, through Redis, on every instance.
    await this.keys.invalidateUser(userId);
    return after.limits;
  }

  async rotateKey(actor: Actor, keyId: string): Promise<AdminApiKeyView> {
    const before = await this.getApiKey(keyId);
    await this.keys.rotateAny(keyId);
    const after = await this.getApiKey(keyId);
    await this.audit(this.em.fork(), actor, 'api_key.rotate', 'api_key', keyId, { keyPrefix: before.keyPrefix, userId: before.userId }, { keyPrefix: after.keyPrefix, userId: after.userId });
    this.logger.log(`API key ${keyId} rotated by ${actor.user.email}`);
    return after;
  }

  private async changeUser(
    actor: Actor,
    userId: string,
    action: AuditAction,
    values: Record<string, unknown>,
    snapshot: (u: AdminUserView) => Record<string, unknown>,
    note: Record<string, unknown> = {},
  ): Promise<AdminUserView> {
    if (!isUuid(userId)) throw AdminErrors.userNotFound();
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const [row] = await tx.execute<Row[]>(`select * from users where id = ? for update`, [userId]);
      if (!row) throw AdminErrors.userNotFound();
      // Column names come from this file only (is_blocked, plan), never from the request.
      const sets = Object.keys(values).map((column) => `"${column}" = ?`);
      const [updated] = await tx.execute<Row[]>(`update users set ${sets.join(', ')}, updated_at = now() where id = ? returning *`, [...Object.values(values), userId]);
      const before = userView(row);
      const after = userView(updated);
      await this.audit(tx, actor, action, 'user', userId, { ...snapshot(before), email: before.email }, { ...snapshot(after), email: after.email, ...note });
      return after;
    });
  }

  private async audit(
    em: EntityManager,
    actor: Actor,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    em.create(AuditLogEntry, { actorId: actor.user.id, actorEmail: actor.user.email, action, targetType, targetId, before, after, ipAddress: actor.ip?.slice(0, 64) ?? null });
    await em.flush();
  }
}
