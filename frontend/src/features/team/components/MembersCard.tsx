import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ListItemText from '@mui/material/ListItemText';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { assignableRoles, ORG_ROLE_DESCRIPTIONS, ORG_ROLE_LABELS, type OrgRole } from '@tzapi/shared/org-roles';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import { LoadError } from '../../../components/ui/LoadError';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useChangeRole, useMembers, useRemoveMember, type Member } from '../api';
import { failureText } from './team-text';
import { keyCount, mayChangeRole, mayRemove, removalText } from './team-roles';

function RoleCell({ member, myRole, canManage }: { member: Member; myRole: OrgRole | null; canManage: boolean }) {
  const change = useChangeRole();
  if (!mayChangeRole(myRole, member, canManage) || !myRole) return <>{ORG_ROLE_LABELS[member.role]}</>;
  const setRole = async (role: OrgRole) => {
    if (role === member.role) return;
    try {
      await change.mutateAsync({ userId: member.userId, role });
      toast({ title: 'Role changed', description: `${member.email} is now ${ORG_ROLE_LABELS[role]}: ${ORG_ROLE_DESCRIPTIONS[role].toLowerCase()}.` });
    } catch (error) {
      toast({ title: 'Could not change the role', description: failureText(error), variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Select
        size="small"
        value={member.role}
        disabled={change.isPending}
        onChange={(e) => void setRole(e.target.value as OrgRole)}
        inputProps={{ 'aria-label': `Role of ${member.email}` }}
        renderValue={(role) => ORG_ROLE_LABELS[role]}
        sx={{ minWidth: 130 }}
      >
        {assignableRoles(myRole).map((role) => (
          <MenuItem key={role} value={role} sx={{ maxWidth: 320, whiteSpace: 'normal' }}>
            <ListItemText primary={ORG_ROLE_LABELS[role]} secondary={ORG_ROLE_DESCRIPTIONS[role]} />
          </MenuItem>
        ))}
      </Select>
      {change.isPending && <CircularProgress size={16} aria-label="Saving the role" />}
    </Box>
  );
}

/** The members: name, e-mail, role (a menu for those who may change it), joined, keys; Remove with what it does. */
export function MembersCard({ organization, myRole, canManage }: { organization: string; myRole: OrgRole | null; canManage: boolean }) {
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Member | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { revokedKeys } = await remove.mutateAsync(removing.userId);
      toast({ title: 'Member removed', description: `${removing.email} no longer has access to ${organization}; ${keyCount(revokedKeys)} revoked.` });
      setRemoving(null);
    } catch (error) {
      toast({ title: 'Could not remove the member', description: failureText(error), variant: 'destructive' });
    }
  };

  const list = members.data ?? [];
  const anyRemovable = list.some((m) => mayRemove(myRole, m, canManage));
  return (
    <Box component="section" aria-labelledby="members-title" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="members-title" sx={{ mb: 1.5 }}>
        Members
      </Typography>
      {members.isError && (
        <LoadError
          what="the members"
          error={members.error}
          onRetry={() => members.refetch()}
          retrying={members.isFetching}
          stale={members.data !== undefined}
        />
      )}
      {members.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.length === 0 && !members.isError ? (
        <EmptyState icon={<PeopleIcon />} title="No members" testId="members-empty">
          <Typography>Nobody belongs to this organisation yet. Invite your team to share its keys, usage and billing.</Typography>
        </EmptyState>
      ) : list.length > 0 ? (
        <ScrollableTable label="Members">
          <Table size="small" aria-labelledby="members-title">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Joined</TableCell>
                <TableCell align="right">Keys</TableCell>
                {anyRemovable && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((member) => (
                <TableRow key={member.userId} data-testid="member-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {member.name || member.email.split('@')[0]}
                    {member.you && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' (you)'}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{member.email}</TableCell>
                  <TableCell>
                    <RoleCell member={member} myRole={myRole} canManage={canManage} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.joinedAt)}</TableCell>
                  <TableCell align="right">{formatNumber(member.keys)}</TableCell>
                  {anyRemovable && (
                    <TableCell align="right">
                      {mayRemove(myRole, member, canManage) && (
                        <Button size="small" color="error" onClick={() => setRemoving(member)} aria-label={`Remove ${member.email}`}>
                          Remove
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        confirmLabel="Remove member"
        pendingLabel="Removing…"
        danger
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {removing ? removalText(removing, organization) : ''}
      </ConfirmDialog>
    </Box>
  );
}
