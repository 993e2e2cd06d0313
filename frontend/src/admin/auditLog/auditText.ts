import { customLimitsInShort } from '@tzapi/shared/plans';
import type { Models } from '../../lib/api-models';
import { planName } from '../../lib/format';
import { formatInstant } from '../../lib/time';

type AuditEntry = Models['AuditLogView'];
type AuditAction = AuditEntry['action'];

/** Every action the server records, in words (the record type makes a new action a compile error here until it is named). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.block': 'User blocked',
  'user.unblock': 'User unblocked',
  'user.plan_change': 'Plan changed',
  'user.limits_change': 'Limits changed',
  'user.close': 'Account closed',
  'api_key.rotate': 'Key rotated',
  'tzdb.load': 'Time zone data loaded',
  'tzdb.activate': 'Time zone data activated',
  'tzdb.feed_check': 'IANA feed checked',
  'tzdb.feed_download': 'IANA release downloaded',
  'tzdb.feed_refuse': 'IANA release refused',
  'tzdb.feed_wait': 'IANA release waiting',
  'tzdb.feed_activate': 'IANA release activated',
  'tzdb.upload': 'Time zone data uploaded for review',
  'tzdb.discard': 'Time zone data discarded',
  'job.retry': 'Job retried',
  'job.discard': 'Job discarded',
};

export const ACTION_CHOICES = (Object.keys(ACTION_LABELS) as AuditAction[]).map((id) => ({ id, name: ACTION_LABELS[id] }));

export const actionName = (id: string): string => ACTION_LABELS[id as AuditAction] ?? id;

const FIELD_LABELS: Record<string, string> = {
  isBlocked: 'status',
  plan: 'plan',
  planGranted: 'granted',
  customLimits: 'custom limits',
  limits: 'effective limits',
  keyPrefix: 'key',
  userId: 'owner',
  version: 'release',
  changedZones: 'zones changed',
  closedAt: 'closed',
  keysRevoked: 'keys revoked',
  subscriptionsEnded: 'subscriptions ended',
  attempts: 'attempts',
};
/** How a plan change was applied (the console, admin-users.service): a grant, or through the customer's subscription. */
const VIA_LABELS: Record<string, string> = { grant: 'granted', subscription: 'through the subscription, prorated', cancellation: 'subscription cancelled' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The limits an account runs under, in short: null is none of that kind (a paid plan's hour, the free plan's second). */
function effectiveLimitsInShort(limits: Record<string, unknown>): string {
  const hour = numberOrNull(limits.hourlyQuota);
  const second = numberOrNull(limits.burstPerSecond);
  return [
    hour === null ? 'unlimited/hour' : `${hour.toLocaleString('en-US')} request${hour === 1 ? '' : 's'}/hour`,
    ...(second === null ? [] : [`${second.toLocaleString('en-US')}/second`]),
  ].join(', ');
}

/**
 * One recorded value as a person reads it: never a raw object, a null where the plan decides reads "plan default", an
 * instant in `zone` (the display zone), named.
 */
export function showValue(field: string, value: unknown, zone: string): string {
  if (field === 'customLimits') {
    return isRecord(value)
      ? customLimitsInShort({ hourlyQuota: numberOrNull(value.hourlyQuota), burstPerSecond: numberOrNull(value.burstPerSecond) })
      : 'plan default';
  }
  if (value === undefined || value === null) return '—';
  if (field === 'limits' && isRecord(value)) return effectiveLimitsInShort(value);
  if (field === 'isBlocked') return value ? 'Blocked' : 'Active';
  if (field === 'plan' && typeof value === 'string') return planName(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'keyPrefix') return `${String(value)}…`;
  if (field === 'digest') return `${String(value).slice(0, 12)}…`;
  if (field === 'userId') return `${String(value).slice(0, 8)}…`;
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatInstant(value, zone);
  if (Array.isArray(value)) return String(value.length);
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${FIELD_LABELS[k] ?? k} ${showValue(k, v, zone)}`)
      .join(', ');
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

/** "a@b.c: plan Free → Premium; granted no → yes": what changed, in one line, one field after another. */
export function describeChange(entry: Pick<AuditEntry, 'before' | 'after'>, zone: string): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // In the order FIELD_LABELS names them, not as stored (PostgreSQL's jsonb orders keys by length).
  const rank = (k: string) => (k in FIELD_LABELS ? Object.keys(FIELD_LABELS).indexOf(k) : Number.MAX_SAFE_INTEGER);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => rank(a) - rank(b));
  const changed = keys.filter((k) => k !== 'via' && k !== 'email' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const target = typeof after.email === 'string' ? `${after.email}: ` : typeof before.email === 'string' ? `${before.email}: ` : '';
  const via = typeof after.via === 'string' ? ` (${VIA_LABELS[after.via] ?? after.via})` : '';
  if (!changed.length) return `${target}no change${via}`;
  return target + changed.map((k) => `${FIELD_LABELS[k] ?? k} ${showValue(k, before[k], zone)} → ${showValue(k, after[k], zone)}`).join('; ') + via;
}
