import { assignableRoles, ORG_ROLE_LABELS, type OrgRole } from '@tzapi/shared/org-roles';
import type { Member } from '../api';

/** "a Developer", "an Admin", "an Owner". */
export function withArticle(role: OrgRole): string {
  const label = ORG_ROLE_LABELS[role];
  return /^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`;
}

/** Whether `me` may change this member's role: not their own, and only an owner touches an owner. */
export function mayChangeRole(me: OrgRole | null, member: Member, canManage: boolean): boolean {
  if (!canManage || member.you || !me) return false;
  return assignableRoles(me).includes(member.role);
}

/** Removing follows the same rule as changing the role. */
export const mayRemove = mayChangeRole;

/** "3 keys", "1 key". */
export const keyCount = (n: number) => `${n} ${n === 1 ? 'key' : 'keys'}`;

/** What removing a member does, said before it is done. */
export function removalText(member: Pick<Member, 'email' | 'keys'>, organization: string): string {
  const keys = member.keys > 0 ? ` Their ${keyCount(member.keys)} will be revoked.` : ' They have created no keys.';
  return `${member.email} loses access to ${organization} at once.${keys}`;
}
