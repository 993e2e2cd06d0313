import { PLAN_IDS, PLANS } from '@tzapi/shared/plans';
import type { PlanId } from './dataProvider';

/** The plans of the console's pickers and filters, named and ordered as the plan table has them. */
export const PLAN_CHOICES: { id: PlanId; name: string }[] = PLAN_IDS.map((id) => ({ id, name: PLANS[id].name }));

export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'admin', name: 'Admin' },
  { id: 'super_admin', name: 'Super admin' },
];

export const roleName = (role: string) => ROLE_CHOICES.find((r) => r.id === role)?.name ?? role;

/** User name (first and last) or, without one, the e-mail. */
export function userLabel(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.email;
}

/** The always-on search box: wide enough for its placeholder, full width on a phone. */
export const searchSx = { width: { xs: '100%', sm: 320 } } as const;
