import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { teamCall, type AuditFilter } from '../team-api';

export type { AuditEntry, AuditFilter, Invitation, InvitationPreview, Member, Organization, OrganizationSummary } from '../team-api';
export { AUDIT_ACTIONS, type AuditAction } from '../team-api';

export const organizationsQueryKey = ['organizations'] as const;
export const membersQueryKey = ['organization', 'members'] as const;
export const invitationsQueryKey = ['organization', 'invitations'] as const;
export const auditQueryKey = (filter: AuditFilter) => ['organization', 'audit', filter] as const;
export const invitationQueryKey = (token: string) => ['invitation', token] as const;

export function useOrganizations(enabled = true) {
  return useQuery({ queryKey: organizationsQueryKey, queryFn: () => teamCall('GET /api/organizations'), enabled });
}

export function useMembers() {
  return useQuery({ queryKey: membersQueryKey, queryFn: async () => (await teamCall('GET /api/organization/members')).items });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: async () => (await teamCall('GET /api/organization/invitations')).items, enabled });
}

export function useAudit(filter: AuditFilter, enabled: boolean) {
  return useQuery({
    queryKey: auditQueryKey(filter),
    queryFn: () => teamCall('GET /api/organization/audit', { query: filter }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: invitationQueryKey(token), queryFn: () => teamCall('GET /api/invitations/{token}', { path: { token } }) });
}

/**
 * After the organisation changes (switch, create, accept, leave, close) every answer of the account area may be
 * another organisation's: all of them are refetched, `me` (role and permissions) first among them.
 */
export function useRefetchEverything() {
  const queryClient = useQueryClient();
  // Not an invitation link's own answer: once accepted it is used, and asking again would only answer 410.
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' });
}

export function useSwitchOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (organizationId: string) => teamCall('POST /api/organizations/switch', { body: { organizationId } }), onSuccess: refetch });
}

export function useCreateOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (name: string) => teamCall('POST /api/organizations', { body: { name } }), onSuccess: refetch });
}

/** A change of the team (members, invitations): those lists, the audit and the organisations' member counts. */
function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['organization'] }), queryClient.invalidateQueries({ queryKey: organizationsQueryKey })]);
}

export function useChangeRole() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) =>
      teamCall('PATCH /api/organization/members/{userId}', { path: { userId }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (userId: string) => teamCall('DELETE /api/organization/members/{userId}', { path: { userId } }), onSuccess: invalidate });
}

export function useInvite() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: { email: string; role: OrgRole }) => teamCall('POST /api/organization/invitations', { body }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (id: string) => teamCall('DELETE /api/organization/invitations/{id}', { path: { id } }), onSuccess: invalidate });
}

export function useRenameOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (name: string) => teamCall('PATCH /api/organization', { body: { name } }), onSuccess: refetch });
}

export function useTransferOwnership() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (userId: string) => teamCall('POST /api/organization/transfer', { body: { userId } }), onSuccess: refetch });
}

/** Leave or close: the session falls back to the personal organisation. */
export function useLeaveOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: () => teamCall('POST /api/organization/leave'), onSuccess: refetch });
}

export function useCloseOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: () => teamCall('DELETE /api/organization'), onSuccess: refetch });
}

export function useAcceptInvitation() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (token: string) => teamCall('POST /api/invitations/{token}/accept', { path: { token } }), onSuccess: refetch });
}

export function useRegisterFromInvitation() {
  const refetch = useRefetchEverything();
  return useMutation({
    mutationFn: (body: { name: string; email: string; password: string; invitationToken: string }) => teamCall('POST /api/auth/register', { body }),
    onSuccess: refetch,
  });
}
