import { ALL_PERMISSIONS, isOrgRole, type OrgRole, type Permission } from '@tzapi/shared/org-roles';
import { useAuth, type OrganizationSession } from './auth';

export type { CurrentOrganization, OrganizationSession } from './auth';

/** What the signed-in member may do in the current organisation; a server that does not say grants everything. */
export function permissionsOf(user: OrganizationSession | null | undefined): ReadonlySet<Permission> {
  const listed = user?.permissions;
  if (!listed) return new Set(ALL_PERMISSIONS);
  return new Set(ALL_PERMISSIONS.filter((permission) => listed.includes(permission)));
}

/** The member's role in the current organisation, when the server says one. */
export function organizationRole(user: OrganizationSession | null | undefined): OrgRole | null {
  const role = user?.organization?.role;
  return isOrgRole(role) ? role : null;
}

/** `can('keys.write')`: whether the signed-in member's role allows it (the dashboard hides what it does not). */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useAuth();
  const granted = permissionsOf(user);
  return (permission) => granted.has(permission);
}
