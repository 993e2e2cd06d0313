import type { AdminJob } from '../dataProvider';
import { formatWhen } from '../../components/ui/when';

export const STATE_CHOICES = [
  { id: 'created', name: 'Waiting' },
  { id: 'retry', name: 'Waiting to retry' },
  { id: 'active', name: 'Running' },
  { id: 'completed', name: 'Done' },
  { id: 'failed', name: 'Failed' },
  { id: 'cancelled', name: 'Cancelled' },
];
export const stateName = (id: string) => STATE_CHOICES.find((s) => s.id === id)?.name ?? id;
export const stateColor = (id: string) => (id === 'failed' ? 'error' : id === 'completed' ? 'success' : id === 'retry' ? 'warning' : 'default');

/**
 * A job as work: a webhook delivery "tzdb.zones_changed to acme.example for Acme Ltd", a mail "to ada@example.com ·
 * Verify your e-mail…", anything else its summary's fields. Never a mail's body (the server does not send it).
 */
export function describeJob(job: Pick<AdminJob, 'summary'>): string {
  const { to, subject, event, customer, delivery, test, ...rest } = job.summary ?? {};
  if (event) return [`${event}${to ? ` to ${to}` : ''}${customer ? ` for ${customer}` : ''}`, test ?? ''].filter(Boolean).join(' · ');
  const parts = [to ? `to ${to}` : '', subject ?? '', delivery ? `delivery ${delivery}` : '', ...Object.entries(rest).map(([k, v]) => `${k} ${v}`)].filter(
    Boolean,
  );
  return parts.join(' · ') || '—';
}

/** Attempts made, honestly: "3 attempts, next Nov 29, 2026, 10:42:00 AM UTC" (in `zone`) while it waits, not "3 of 4323". */
export function attemptsText(job: Pick<AdminJob, 'attempts' | 'nextAttemptAt' | 'state'>, zone: string): string {
  const made = `${job.attempts} attempt${job.attempts === 1 ? '' : 's'}`;
  if (job.nextAttemptAt) return `${made}, next ${formatWhen(job.nextAttemptAt, zone)}`;
  return job.state === 'failed' ? `${made}, gave up` : made;
}

export function waited(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}
