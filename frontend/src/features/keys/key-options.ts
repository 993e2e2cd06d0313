import { PLANS, type PlanId } from '@tzapi/shared/plans';
import type { KeyLimitWindow } from '@tzapi/shared/key-options';

export { KEY_SCOPES, KEY_SCOPE_LABELS, ROTATION_OVERLAPS, ROTATION_OVERLAP_LABELS } from '@tzapi/shared/key-options';
export type { KeyScope, RotationOverlap, KeyLimitWindow } from '@tzapi/shared/key-options';

/** The highest own limit a key may have, in the window the plan limits by (the server checks again, with negotiated limits). */
export function keyLimitBound(plan: PlanId | undefined): { window: KeyLimitWindow; max: number | null } {
  const spec = PLANS[plan ?? 'free'] ?? PLANS.free;
  return spec.quota ? { window: 'hour', max: spec.quota.limit } : { window: 'second', max: spec.burstPerSecond };
}

/** A date input's value (yyyy-mm-dd, the user's day) for an instant, or ''. */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The instant a key chosen to expire "on" a day stops: the end of that day, the user's time. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/** How long until an instant, in the words a person reads: "3 days", "5 h 10 min", "12 min", "less than a minute". */
export function timeLeft(iso: string, now = Date.now()): string {
  const minutes = Math.floor((new Date(iso).getTime() - now) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
