import type { PlanId } from './dataProvider';

export const PLAN_CHOICES: { id: PlanId; name: string }[] = [
  { id: 'free', name: 'Free' },
  { id: 'premium', name: 'Premium' },
  { id: 'enterprise', name: 'Enterprise' },
];

export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'admin', name: 'Admin' },
  { id: 'super_admin', name: 'Super admin' },
];

export const planName = (plan: string) => PLAN_CHOICES.find((p) => p.id === plan)?.name ?? plan;
export const roleName = (role: string) => ROLE_CHOICES.find((r) => r.id === role)?.name ?? role;

/** User name (first and last) or, without one, the e-mail. */
export function userLabel(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.email;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  return new Date(value).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The always-on search box: wide enough for its placeholder, full width on a phone. */
export const searchSx = { width: { xs: '100%', sm: 320 } } as const;
