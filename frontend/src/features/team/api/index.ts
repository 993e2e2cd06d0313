import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { api } from '../../../lib/api';
import type { AuditFilter } from '../team-api';

export type { AuditEntry, AuditFilter, Invitation, InvitationPreview, Member, OrganizationSummary } from '../team-api';
export { AUDIT_ACTIONS, type AuditAction } from '../team-api';

export const organizationsQueryKey = ['organizations'] as const;
export const membersQueryKey = ['organization', 'members'] as const;
export const invitationsQueryKey = ['organization', 'invitations'] as const;
export const auditQueryKey = (filter: AuditFilter) => ['organization', 'audit', filter] as const;
export const invitationQueryKey = (token: string) => ['invitation', token] as const;

export function useOrganizations(enabled = true) {
  return useQuery({ queryKey: organizationsQueryKey, queryFn: () => api.get('/api/organizations'), enabled });
}

export function useMembers() {
  return useQuery({ queryKey: membersQueryKey, queryFn: async () => (await api.get('/api/organization/members')).items });
}

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: async () => (await api.get('/api/organization/invitations')).items, enabled });
}

export function useAudit(filter: AuditFilter, enabled: boolean) {
  return useQuery({
    queryKey: auditQueryKey(filter),
    queryFn: () => api.get('/api/organization/audit', { params: { query: filter } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: invitationQueryKey(token), queryFn: () => api.get('/api/invitations/{token}', { params: { path: { token } } }) });
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
  return useMutation({ mutationFn: (organizationId: string) => api.post('/api/organizations/switch', { body: { organizationId } }), onSuccess: refetch });
}

export function useCreateOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (name: string) => api.post('/api/organizations', { body: { name } }), onSuccess: refetch });
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
      api.patch('/api/organization/members/{userId}', { params: { path: { userId } }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (userId: string) => api.delete('/api/organization/members/{userId}', { params: { path: { userId } } }),
    onSuccess: invalidate,
  });
}

export function useInvite() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: { email: string; role: OrgRole }) => api.post('/api/organization/invitations', { body }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (id: string) => api.delete('/api/organization/invitations/{id}', { params: { path: { id } } }), onSuccess: invalidate });
}

export function useRenameOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (name: string) => api.patch('/api/organization', { body: { name } }), onSuccess: refetch });
}

export function useTransferOwnership() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (userId: string) => api.post('/api/organization/transfer', { body: { userId } }), onSuccess: refetch });
}

/** Leave or close: the session falls back to the personal organisation. */
export function useLeaveOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: () => api.post('/api/organization/leave'), onSuccess: refetch });
}

export function useCloseOrganization() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: () => api.delete('/api/organization'), onSuccess: refetch });
}

export function useAcceptInvitation() {
  const refetch = useRefetchEverything();
  return useMutation({ mutationFn: (token: string) => api.post('/api/invitations/{token}/accept', { params: { path: { token } } }), onSuccess: refetch });
}

export function useRegisterFromInvitation() {
  const refetch = useRefetchEverything();
  return useMutation({
    mutationFn: (body: { name: string; email: string; password: string; invitationToken: string }) => api.post('/api/auth/register', { body }),
    onSuccess: refetch,
  });
}
