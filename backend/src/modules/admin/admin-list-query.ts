import { AdminErrors } from './admin.errors.js';
import { isUuid } from '../../common/http/uuid.js';

/**
 * The ra-data-simple-rest list dialect: `range=[0,24]`, `sort=["createdAt","DESC"]`, `filter={"q":"ada","plan":"free"}`.
 * Every parameter is parsed and checked here against the resource's declared fields, so SQL only ever sees
 * whitelisted column names and bound values.
 */
export type FilterKind = 'text' | 'boolean' | 'uuid' | { enum: readonly string[] };

export interface ResourceSpec {
  /** Name used in Content-Range (e.g. `users`). */
  name: string;
  /** Sortable field → SQL expression (whitelist). */
  sortable: Record<string, string>;
  /** Filterable field → kind. `q` (free text) and `id` (list of ids, react-admin's getMany) are always allowed. */
  filters: Record<string, FilterKind>;
  defaultSort: [string, 'ASC' | 'DESC'];
}

export interface ListQuery {
  offset: number;
  limit: number;
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  q: string | null;
  ids: string[] | null;
  filters: Record<string, string | boolean>;
}

export const MAX_PAGE_SIZE = 500;
export const MAX_OFFSET = 10_000_000;

function parseJson(param: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw AdminErrors.badQuery(param, `${param} must be valid JSON`);
  }
}

function one(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string') return raw;
  throw AdminErrors.badQuery('query', 'Each query parameter may appear only once');
}

export function parseListQuery(spec: ResourceSpec, query: Record<string, unknown>): ListQuery {
  const rangeRaw = one(query.range);
  const sortRaw = one(query.sort);
  const filterRaw = one(query.filter);

  let offset = 0;
  let limit = 25;
  if (rangeRaw !== undefined) {
    const range = parseJson('range', rangeRaw);
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[1] < range[0]) {
      throw AdminErrors.badQuery('range', 'range must be [start, end] with 0 <= start <= end');
    }
    if (range[1] - range[0] + 1 > MAX_PAGE_SIZE) throw AdminErrors.badQuery('range', `A page holds at most ${MAX_PAGE_SIZE} rows`);
    if (range[0] > MAX_OFFSET) throw AdminErrors.badQuery('range', `range start must be at most ${MAX_OFFSET}`);
    offset = range[0];
    limit = range[1] - range[0] + 1;
  }

  let [sortField, sortOrder] = spec.defaultSort;
  if (sortRaw !== undefined) {
    const sort = parseJson('sort', sortRaw);
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string') {
      throw AdminErrors.badQuery('sort', 'sort must be ["field", "ASC" | "DESC"]');
    }
    if (!Object.hasOwn(spec.sortable, sort[0])) {
      throw AdminErrors.badQuery('sort', `Cannot sort ${spec.name} by "${sort[0]}"; use one of ${Object.keys(spec.sortable).join(', ')}`);
    }
    const order = sort[1].toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw AdminErrors.badQuery('sort', 'sort order must be ASC or DESC');
    sortField = sort[0];
    sortOrder = order;
  }

  let q: string | null = null;
  let ids: string[] | null = null;
  const filters: Record<string, string | boolean> = {};
  if (filterRaw !== undefined) {
    const filter = parseJson('filter', filterRaw);
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
      throw AdminErrors.badQuery('filter', 'filter must be a JSON object');
    }
    for (const [field, value] of Object.entries(filter as Record<string, unknown>)) {
      if (value === undefined || value === null || value === '') continue;
      if (field === 'q') {
        if (typeof value !== 'string' || value.length > 200) throw AdminErrors.badQuery('filter.q', 'q must be a string of at most 200 characters');
        q = value.trim() || null;
      } else if (field === 'id') {
        const list = Array.isArray(value) ? value : [value];
        if (list.length > MAX_PAGE_SIZE || !list.every(isUuid)) throw AdminErrors.badQuery('filter.id', `id must be a list of at most ${MAX_PAGE_SIZE} UUIDs`);
        ids = list;
      } else if (Object.hasOwn(spec.filters, field)) {
        filters[field] = checkFilterValue(field, spec.filters[field], value);
      } else {
        throw AdminErrors.badQuery(`filter.${field}`, `Cannot filter ${spec.name} by "${field}"; use one of q, id, ${Object.keys(spec.filters).join(', ')}`);
      }
    }
  }
  for (const key of Object.keys(query)) {
    if (!['range', 'sort', 'filter'].includes(key)) throw AdminErrors.badQuery(key, `Unknown query parameter "${key}"; use range, sort and filter`);
  }
  return { offset, limit, sortField, sortOrder, q, ids, filters };
}

function checkFilterValue(field: string, kind: FilterKind, value: unknown): string | boolean {
  if (kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw AdminErrors.badQuery(`filter.${field}`, `${field} must be true or false`);
  }
  if (kind === 'uuid') {
    if (isUuid(value)) return value;
    throw AdminErrors.badQuery(`filter.${field}`, `${field} must be a UUID`);
  }
  if (kind === 'text') {
    if (typeof value === 'string' && value.length <= 200) return value;
    throw AdminErrors.badQuery(`filter.${field}`, `${field} must be a string of at most 200 characters`);
  }
  if (typeof value === 'string' && kind.enum.includes(value)) return value;
  throw AdminErrors.badQuery(`filter.${field}`, `${field} must be one of ${kind.enum.join(', ')}`);
}

// `users 0-24/319`; an empty page is `users */0`.
export function contentRange(name: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${name} */${total}` : `${name} ${offset}-${offset + count - 1}/${total}`;
}
