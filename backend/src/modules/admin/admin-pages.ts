import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { escapeLike } from './admin-list-query.js';
import type { ListQuery, ResourceSpec } from './admin-list-query.js';
import { AdminErrors } from './admin.errors.js';

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

export interface Where {
  clauses: string[];
  params: unknown[];
}

export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/**
 * The console's lists: plain SQL over whitelisted columns (see admin-resources.ts), server-side paging,
 * index-backed filters and sorts, and bounded counts. Each resource's file builds its query with these.
 */
@Injectable()
export class AdminPages {
  private trigram: Promise<boolean> | null = null;

  constructor(private readonly em: EntityManager) {}

  sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
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

  async textMatch(expressions: string[], q: string, where: Where): Promise<string> {
    const trigram = await this.hasTrigram();
    const pattern = trigram ? `%${escapeLike(q)}%` : `${escapeLike(q.toLowerCase())}%`;
    return `(${expressions
      .map((e) => {
        where.params.push(pattern);
        return trigram ? `${e} ilike ?` : `lower(${e}) like ?`;
      })
      .join(' or ')})`;
  }

  filterClauses(spec: ResourceSpec, alias: string, columns: Record<string, string>, query: ListQuery): Where {
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

  async page<T>(spec: ResourceSpec, from: string, where: Where, select: string, idColumn: string, query: ListQuery, map: (r: Row) => T): Promise<Page<T>> {
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

  async boundedCount(from: string, whereSql: string, params: unknown[]): Promise<{ total: number; exact: boolean }> {
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
