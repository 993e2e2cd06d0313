/**
 * Organisations' roles and what each may do (issue 51). One table: the server checks every account-area route
 * against it, the role-matrix spec is generated from it, and the dashboard reads it to hide what a role cannot do.
 */

export const ORG_ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

/** One line per role, for the invite dialog and the role menu. */
export const ORG_ROLE_DESCRIPTIONS: Record<OrgRole, string> = {
  owner: 'Everything, including transferring ownership and closing the organisation',
  admin: 'Members, keys, webhooks and settings',
  developer: 'Keys, usage, docs and the playground',
  billing: 'Billing and invoices only',
  viewer: 'Read only',
};

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === 'string' && (ORG_ROLES as readonly string[]).includes(value);
}

/**
 * What a route needs. `self` is the signed-in person's own profile and security: every member has it, whatever the
 * organisation.
 */
export const PERMISSIONS = {
  'org.read': ['owner', 'admin', 'developer', 'billing', 'viewer'],
  'org.settings': ['owner', 'admin'],
  'org.owner': ['owner'],
  'members.read': ['owner', 'admin', 'developer', 'billing', 'viewer'],
  'members.manage': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  'keys.read': ['owner', 'admin', 'developer', 'viewer'],
  'keys.write': ['owner', 'admin', 'developer'],
  'usage.read': ['owner', 'admin', 'developer', 'viewer'],
  'webhooks.read': ['owner', 'admin', 'viewer'],
  'webhooks.write': ['owner', 'admin'],
  'notices.read': ['owner', 'admin', 'developer', 'viewer'],
  'notices.write': ['owner', 'admin', 'developer'],
  'billing.read': ['owner', 'billing', 'viewer'],
  'billing.write': ['owner', 'billing'],
  'account.export': ['owner'],
} as const satisfies Record<string, readonly OrgRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function can(role: OrgRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OrgRole[]).includes(role);
}

export function permissionsOf(role: OrgRole): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => can(role, permission));
}

/** Roles a member with `role` may hand out: only an owner makes owners. */
export function assignableRoles(role: OrgRole): OrgRole[] {
  if (role === 'owner') return [...ORG_ROLES];
  if (role === 'admin') return ['admin', 'developer', 'billing', 'viewer'];
  return [];
}

/** What an organisation's audit records (issue 51): the server writes these actions, the Team page names them. */
export const ORG_AUDIT_ACTIONS = [
  'key.create',
  'key.update',
  'key.rotate',
  'key.delete',
  'member.invite',
  'member.invite_revoke',
  'member.join',
  'member.role_change',
  'member.remove',
  'member.leave',
  'org.create',
  'org.rename',
  'org.transfer',
  'org.plan_change',
  'org.close',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
] as const;
export type OrgAuditAction = (typeof ORG_AUDIT_ACTIONS)[number];

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 86_400_000;
