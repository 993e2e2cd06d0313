import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import ManageIcon from '@mui/icons-material/ManageAccounts';
import { problemMessage } from '../../lib/api';
import type { AdminDataProvider, AdminUser, PlanId } from '../dataProvider';
import { PLAN_CHOICES, userLabel } from '../choices';
import { planName } from '../../lib/format';
import { LimitsForm } from './LimitsForm';

export const DIALOG_CLOSE_DELAY_MS = 100;

/** What the console's account actions act on: a person, or an organisation (an account too, with the same routes). */
export type AccountNoun = 'User' | 'Organisation';

export const blockDialogText = (user: AdminUser, blocked: boolean, noun: AccountNoun = 'User') => {
  // An organisation signs nobody in: blocking it stops its keys, and its members keep their own accounts.
  if (noun === 'Organisation')
    return blocked
      ? `The API keys of ${user.email} will be accepted again.`
      : `The API keys of ${user.email} will be refused immediately. Its members keep their own accounts.`;
  return blocked
    ? `${user.email} will be able to sign in again, and their API keys will be accepted again.`
    : `${user.email} will be signed out everywhere, and their API keys will be refused immediately.`;
};

/** Block or unblock through the data provider after a confirmation, as Rotate and Delete ask; refreshes the list. */
export function BlockToggleButton({ noun = 'User' }: { noun?: AccountNoun }) {
  const user = useRecordContext<AdminUser>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (u: AdminUser) => (u.isBlocked ? dataProvider.unblockUser(u.id) : dataProvider.blockUser(u.id)),
    onSuccess: () => {
      notify(`${noun} status updated successfully`, { type: 'success' });
      setOpen(false);
      refresh();
    },
    // A refusal the server explains (the customer closed the account meanwhile) is shown as it is; then the list catches up.
    onError: (error) => {
      notify(problemMessage(error) ?? `Failed to update ${noun.toLowerCase()} status`, { type: 'error' });
      refresh();
    },
  });
  // A closed account has nothing left to block: its keys are revoked and its sessions ended.
  if (!user || user.role === 'super_admin' || user.closedAt) return null;
  const blocked = user.isBlocked;
  const verb = blocked ? 'Unblock' : 'Block';
  return (
    <>
      <Button
        size="small"
        color={blocked ? 'success' : 'error'}
        variant="outlined"
        disabled={mutation.isPending}
        startIcon={blocked ? <CheckCircleIcon /> : <BlockIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={`${verb} ${user.email}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {verb}
      </Button>
      <Dialog
        open={open}
        onClose={mutation.isPending ? undefined : () => setOpen(false)}
        fullWidth
        maxWidth="xs"
        onClick={(e) => e.stopPropagation()}
        transitionDuration={{ exit: DIALOG_CLOSE_DELAY_MS }}
      >
        <DialogTitle>
          {verb} {noun}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ wordBreak: 'break-word' }}>{blockDialogText(user, blocked, noun)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color={blocked ? 'success' : 'error'}
            onClick={() => mutation.mutate(user)}
            disabled={mutation.isPending}
            startIcon={mutation.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {verb} {noun}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Manage: the plan (Free, Premium, Enterprise; Update Plan) and the account's negotiated limits (Save Limits), each its own form; Cancel closes. */
export function ManageUserButton({ noun = 'User' }: { noun?: AccountNoun }) {
  const user = useRecordContext<AdminUser>();
  const [open, setOpen] = useState(false);
  // A closed account has no plan or limits to manage (its subscription ended with it).
  if (!user || user.closedAt) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ManageIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Manage ${user.email}`}
      >
        Manage
      </Button>
      {open && <ManageUserDialog user={user} noun={noun} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What Update Plan will do: a subscriber's change goes through their subscription, anyone else's is a grant. */
export function planChangeHint(user: AdminUser, noun: AccountNoun = 'User'): string {
  const who = noun === 'User' ? 'user' : 'organisation';
  if (user.plan !== 'free' && !user.planGranted) {
    return `This ${who} pays through a subscription: a change is charged or credited prorated to ${noun === 'User' ? 'their' : 'its'} card now, and Free cancels the subscription at once.`;
  }
  return `${user.planGranted ? `The ${planName(user.plan)} plan was granted. ` : ''}This ${who} has no subscription: a paid plan is granted at no charge and marked as granted; the ${who} can start paying for it from Billing.`;
}

export function ManageUserDialog({ user, noun = 'User', onClose }: { user: AdminUser; noun?: AccountNoun; onClose: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [plan, setPlan] = useState<PlanId>(user.plan);
  const [open, setOpen] = useState(true);
  // A paid plan for an account without a subscription is a free grant: it waits for a second, explicit click.
  const [confirming, setConfirming] = useState(false);
  const isGrant = plan !== 'free' && plan !== user.plan && (user.plan === 'free' || user.planGranted);
  const close = () => {
    setOpen(false);
    setTimeout(onClose, DIALOG_CLOSE_DELAY_MS);
  };
  const mutation = useMutation({
    mutationFn: (next: PlanId) => dataProvider.changePlan(user.id, next),
    onSuccess: () => {
      notify(`${noun} plan updated successfully`, { type: 'success' });
      refresh();
      close();
    },
    onError: (error) => {
      // A problem the server explains (a declined card for a subscriber's change, a change in progress) is shown as it is.
      notify(problemMessage(error) ?? `Failed to update ${noun.toLowerCase()} plan`, { type: 'error' });
    },
  });
  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} fullWidth maxWidth="xs" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>Manage {noun}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, wordBreak: 'break-word' }}>
          {userLabel(user)}
          {userLabel(user) !== user.email && ` (${user.email})`}
        </DialogContentText>
        <Box
          component="form"
          aria-label="Plan"
          onSubmit={(e) => {
            e.preventDefault();
            if (isGrant && !confirming) setConfirming(true);
            else mutation.mutate(plan);
          }}
        >
          <Typography variant="subtitle2">Plan</Typography>
          <DialogContentText variant="body2" sx={{ mb: 2 }} data-testid="plan-change-mode">
            {planChangeHint(user, noun)}
          </DialogContentText>
          <FormControl fullWidth size="small">
            <InputLabel id="manage-plan-label">Plan</InputLabel>
            <Select
              labelId="manage-plan-label"
              label="Plan"
              value={plan}
              onChange={(e) => {
                setPlan(e.target.value as PlanId);
                setConfirming(false);
              }}
              data-testid="plan-select"
            >
              {PLAN_CHOICES.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {confirming && (
            <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="grant-confirm">
              Grant {planName(plan)} to {user.email} at no charge? They are not billed for it until they subscribe from Billing.
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
            {confirming && (
              <Button onClick={() => setConfirming(false)} disabled={mutation.isPending}>
                Back
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              color={confirming ? 'warning' : 'primary'}
              disabled={mutation.isPending}
              startIcon={mutation.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
            >
              {confirming ? `Grant ${planName(plan)}` : 'Update Plan'}
            </Button>
          </Box>
        </Box>
        <LimitsForm user={user} onSaved={close} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
