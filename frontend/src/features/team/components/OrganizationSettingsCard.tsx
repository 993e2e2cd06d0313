import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import type { CurrentOrganization } from '../../../lib/permissions';
import { useCloseOrganization, useLeaveOrganization, useMembers, useRenameOrganization, useTransferOwnership } from '../api';
import { failureText } from './team-text';
import { ORGANIZATION_NAME_MAX } from './CreateOrganizationDialog';

type Pending = 'transfer' | 'leave' | 'close' | null;

function RenameForm({ organization }: { organization: CurrentOrganization }) {
  const rename = useRenameOrganization();
  const [name, setName] = useState(organization.name);
  useEffect(() => setName(organization.name), [organization.name]);
  const trimmed = name.trim();
  const invalid =
    trimmed === '' ? 'Enter a name for the organisation.' : trimmed.length > ORGANIZATION_NAME_MAX ? `At most ${ORGANIZATION_NAME_MAX} characters.` : null;
  const save = async () => {
    if (invalid || trimmed === organization.name) return;
    try {
      await rename.mutateAsync(trimmed);
      toast({ title: 'Organisation renamed', description: `It is now called ${trimmed}.` });
    } catch (error) {
      toast({ title: 'Could not rename the organisation', description: failureText(error), variant: 'destructive' });
    }
  };
  return (
    <Box
      component="form"
      aria-label="Rename the organisation"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        label="Organisation name"
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={invalid !== null}
        helperText={invalid ?? ' '}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{ htmlInput: { maxLength: ORGANIZATION_NAME_MAX } }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={rename.isPending || invalid !== null || trimmed === organization.name}
        startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {rename.isPending ? 'Saving…' : 'Rename'}
      </Button>
    </Box>
  );
}

/**
 * The organisation's settings: rename (owners and admins); for owners, Transfer ownership and Close; Leave for every
 * member. A personal organisation has none of these: it is the person's own account.
 */
export function OrganizationSettingsCard({ organization, canRename, isOwner }: { organization: CurrentOrganization; canRename: boolean; isOwner: boolean }) {
  const navigate = useNavigate();
  const members = useMembers();
  const transfer = useTransferOwnership();
  const leave = useLeaveOrganization();
  const close = useCloseOrganization();
  const [open, setOpen] = useState<Pending>(null);
  const [heir, setHeir] = useState('');
  const [typedName, setTypedName] = useState('');
  const others = (members.data ?? []).filter((m) => !m.you);
  const heirMember = others.find((m) => m.userId === heir);

  if (organization.personal) {
    return (
      <Card variant="outlined" component="section" aria-labelledby="settings-title" sx={{ mb: 4 }}>
        <CardContent>
          <Typography variant="h6" component="h2" id="settings-title">
            Organisation settings
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            This is your personal organisation: your own account. It can take members, but it cannot be renamed, transferred, left or closed (closing your
            account from Profile closes it).
          </Typography>
        </CardContent>
      </Card>
    );
  }

  const done = (title: string, description: string) => {
    toast({ title, description });
    setOpen(null);
  };
  const run = async (action: () => Promise<unknown>, after: () => void, failed: string) => {
    try {
      await action();
      after();
    } catch (error) {
      toast({ title: failed, description: failureText(error), variant: 'destructive' });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-title" sx={{ mb: 4 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="settings-title" sx={{ mb: 2 }}>
          Organisation settings
        </Typography>
        <Stack spacing={2}>
          {canRename && <RenameForm organization={organization} />}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {isOwner && (
              <Button variant="outlined" onClick={() => setOpen('transfer')}>
                Transfer ownership
              </Button>
            )}
            <Button variant="outlined" color="warning" onClick={() => setOpen('leave')}>
              Leave organisation
            </Button>
            {isOwner && (
              <Button variant="outlined" color="error" onClick={() => setOpen('close')}>
                Close organisation
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>

      <ConfirmDialog
        open={open === 'transfer'}
        title="Transfer ownership"
        confirmLabel="Transfer ownership"
        pendingLabel="Transferring…"
        pending={transfer.isPending}
        confirmDisabled={!heirMember}
        onConfirm={() =>
          heirMember &&
          void run(
            () => transfer.mutateAsync(heirMember.userId),
            () => done('Ownership transferred', `${heirMember.email} now owns ${organization.name}; you are an Admin.`),
            'Could not transfer ownership',
          )
        }
        onClose={() => setOpen(null)}
      >
        {others.length === 0 ? (
          <Alert severity="info">Invite someone first: ownership goes to another member.</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              The member you choose becomes an owner of {organization.name}, and you become an Admin: you keep access but can no longer close the organisation
              or transfer it again.
            </Typography>
            <FormControl fullWidth size="small">
              <InputLabel id="heir-label">New owner</InputLabel>
              <Select labelId="heir-label" label="New owner" value={heir} onChange={(e) => setHeir(e.target.value)}>
                {others.map((m) => (
                  <MenuItem key={m.userId} value={m.userId}>
                    {m.email} ({ORG_ROLE_LABELS[m.role]})
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'leave'}
        title="Leave organisation"
        confirmLabel="Leave organisation"
        pendingLabel="Leaving…"
        danger
        pending={leave.isPending}
        onConfirm={() =>
          void run(
            () => leave.mutateAsync(),
            () => {
              done('You left the organisation', `You no longer have access to ${organization.name}.`);
              navigate(paths.dashboard.root);
            },
            'Could not leave the organisation',
          )
        }
        onClose={() => setOpen(null)}
      >
        You lose access to {organization.name} at once, and the dashboard returns to your personal organisation. Keys you created there stay with the
        organisation. {isOwner ? 'As an owner, you can leave only while another owner remains.' : ''}
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'close'}
        title="Close organisation"
        confirmLabel="Close organisation"
        pendingLabel="Closing…"
        danger
        pending={close.isPending}
        confirmDisabled={typedName.trim() !== organization.name}
        onConfirm={() =>
          void run(
            () => close.mutateAsync(),
            () => {
              done('Organisation closed', `${organization.name} is closed; its keys no longer work.`);
              navigate(paths.dashboard.root);
            },
            'Could not close the organisation',
          )
        }
        onClose={() => {
          setTypedName('');
          setOpen(null);
        }}
      >
        <Typography sx={{ mb: 2 }}>
          Every key of {organization.name} is revoked at once, all {members.data?.length ?? ''} members lose access and pending invitations are cancelled. A
          paid subscription must be cancelled first, in Billing. This cannot be undone.
        </Typography>
        <TextField
          label={`Type “${organization.name}” to confirm`}
          size="small"
          fullWidth
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
          autoComplete="off"
        />
      </ConfirmDialog>
    </Card>
  );
}
