import { permissionsOf, type OrgRole } from '@tzapi/shared/org-roles';
import { sampleUser } from '../../../testing/render';
import type { User } from '../../../lib/auth';
import type { Invitation, Member } from '../api';

/** The signed-in member of "Acme" with `role`, and the permissions the role table gives it. */
export function memberOf(role: OrgRole, organization: { id?: string; name?: string; personal?: boolean } = {}): User {
  return {
    ...sampleUser,
    organization: { id: organization.id ?? 'org-acme', name: organization.name ?? 'Acme', personal: organization.personal ?? false, role },
    permissions: permissionsOf(role),
  };
}

export const ada: Member = {
  userId: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'admin',
  joinedAt: '2026-01-05T10:00:00.000Z',
  keys: 1,
  you: true,
};
export const grace: Member = {
  userId: 'u2',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  role: 'developer',
  joinedAt: '2026-02-01T10:00:00.000Z',
  keys: 3,
  you: false,
};
export const olive: Member = {
  userId: 'u3',
  email: 'olive@example.com',
  name: 'Olive Owner',
  role: 'owner',
  joinedAt: '2025-12-01T10:00:00.000Z',
  keys: 0,
  you: false,
};

export const pending: Invitation = {
  id: 'inv1',
  email: 'linus@example.com',
  role: 'viewer',
  invitedBy: 'ada@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
};
