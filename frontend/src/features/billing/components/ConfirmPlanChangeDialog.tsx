import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatPrice, type PublicPlan } from '../../../config/publicConfig';
import { planName } from '../../../lib/format';

/** Spec: a paid user's plan change is confirmed first; the prorated difference is charged at once. */
export function ConfirmPlanChangeDialog({
  open,
  from,
  to,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  from: string;
  to: PublicPlan | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="confirm-plan-change-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-plan-change-title">Confirm Plan Change</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Change your plan from {planName(from)} to {to?.name} ({to ? `${formatPrice(to)}/month` : ''})? The prorated difference for the rest of this billing
          period is charged to your card on file immediately.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {busy ? 'Updating...' : 'Confirm Change'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
