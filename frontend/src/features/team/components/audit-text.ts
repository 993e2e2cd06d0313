import type { AuditAction, AuditEntry } from '../api';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'key.create': 'Key created',
  'key.update': 'Key changed',
  'key.rotate': 'Key rotated',
  'key.delete': 'Key deleted',
  'member.invite': 'Member invited',
  'member.invite_revoke': 'Invitation revoked',
  'member.join': 'Member joined',
  'member.role_change': 'Role changed',
  'member.remove': 'Member removed',
  'member.leave': 'Member left',
  'org.create': 'Organisation created',
  'org.rename': 'Organisation renamed',
  'org.transfer': 'Ownership transferred',
  'org.plan_change': 'Plan changed',
  'org.close': 'Organisation closed',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook deleted',
};

const field = (value: unknown, name: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
};

/** One line on what changed, from the entry's before and after where they say it (a role, a name, a plan). */
export function auditDetail(entry: AuditEntry): string {
  for (const name of ['role', 'name', 'plan', 'email', 'url']) {
    const before = field(entry.before, name);
    const after = field(entry.after, name);
    if (before !== undefined && after !== undefined && before !== after) return `${name}: ${before} → ${after}`;
    if (after !== undefined) return `${name}: ${after}`;
    if (before !== undefined) return `${name}: ${before}`;
  }
  return entry.targetType ? `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}` : '';
}

/** A date input's day as the instant the filter sends: its first or its last millisecond, in UTC. */
export function dayBound(day: string, end: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return end === 'start' ? `${day}T00:00:00.000Z` : `${day}T23:59:59.999Z`;
}
