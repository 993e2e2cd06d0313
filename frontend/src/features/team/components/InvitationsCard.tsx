import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/MailOutlined';
import { ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import { LoadError } from '../../../components/ui/LoadError';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useInvitations, useRevokeInvitation, type Invitation } from '../api';
import { failureText } from './team-text';

/** Pending invitations: who, as what, invited by whom, until when; Revoke for those who manage members. */
export function InvitationsCard({ canManage }: { canManage: boolean }) {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast({ title: 'Invitation revoked', description: `The link sent to ${revoking.email} no longer works.` });
      setRevoking(null);
    } catch (error) {
      toast({ title: 'Could not revoke the invitation', description: failureText(error), variant: 'destructive' });
    }
  };
  const list = invitations.data ?? [];
  return (
    <Box component="section" aria-labelledby="invitations-title" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="invitations-title" sx={{ mb: 1.5 }}>
        Pending invitations
      </Typography>
      {invitations.isError && (
        <LoadError
          what="the invitations"
          error={invitations.error}
          onRetry={() => invitations.refetch()}
          retrying={invitations.isFetching}
          stale={invitations.data !== undefined}
        />
      )}
      {invitations.isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : list.length === 0 && !invitations.isError ? (
        <EmptyState icon={<MailIcon />} title="No pending invitations" testId="invitations-empty">
          <Typography>Invitations you send wait here until they are accepted, expire or are revoked.</Typography>
        </EmptyState>
      ) : list.length > 0 ? (
        <Paper variant="outlined">
          <List disablePadding aria-labelledby="invitations-title">
            {list.map((invitation, i) => (
              <ListItem key={invitation.id} divider={i < list.length - 1} data-testid="invitation-row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ minWidth: 200, flex: 1 }}
                  primary={
                    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                      {invitation.email} · {ORG_ROLE_LABELS[invitation.role]}
                    </Box>
                  }
                  secondary={`Invited by ${invitation.invitedBy} on ${formatDate(invitation.createdAt)} · link works until ${formatDate(invitation.expiresAt)}`}
                />
                {canManage && (
                  <Button size="small" color="error" onClick={() => setRevoking(invitation)} aria-label={`Revoke the invitation of ${invitation.email}`}>
                    Revoke
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation"
        confirmLabel="Revoke invitation"
        pendingLabel="Revoking…"
        danger
        pending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      >
        {revoking ? `The link sent to ${revoking.email} stops working at once. You can invite them again later.` : ''}
      </ConfirmDialog>
    </Box>
  );
}
