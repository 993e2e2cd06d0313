import { useState } from 'react';
import Button from '@mui/material/Button';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { useAuth } from '../../../lib/auth';
import { organizationRole, permissionsOf } from '../../../lib/permissions';
import { MembersCard } from './MembersCard';
import { InvitationsCard } from './InvitationsCard';
import { InviteDialog } from './InviteDialog';
import { OrganizationSettingsCard } from './OrganizationSettingsCard';
import { AuditCard } from './AuditCard';
import { withArticle } from './team-roles';

/**
 * The Team page: the organisation's members and pending invitations for every member; inviting, roles and removal
 * for those who manage members; settings for owners and admins; the audit for owners and admins.
 */
export function TeamPage() {
  usePageMeta('Team', 'Members, invitations, roles and the audit of your organisation.');
  const { user } = useAuth();
  const [inviting, setInviting] = useState(false);
  const granted = permissionsOf(user);
  const role = organizationRole(user);
  const organization = user?.organization;
  const name = organization?.name ?? 'your organisation';
  const canManage = granted.has('members.manage') && role !== null;

  return (
    <>
      <PageHeader
        title="Team"
        subtitle={role ? `${name} · you are ${withArticle(role)}` : 'Who can use this account, and what each may do.'}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          ) : undefined
        }
      />
      {granted.has('members.read') && <MembersCard organization={name} myRole={role} canManage={canManage} />}
      {granted.has('members.read') && <InvitationsCard canManage={canManage} />}
      {organization && (granted.has('org.settings') || !organization.personal) && (
        <OrganizationSettingsCard organization={organization} canRename={granted.has('org.settings')} isOwner={granted.has('org.owner')} />
      )}
      {granted.has('audit.read') && <AuditCard />}
      {canManage && role && <InviteDialog open={inviting} organization={name} myRole={role} onClose={() => setInviting(false)} />}
    </>
  );
}
