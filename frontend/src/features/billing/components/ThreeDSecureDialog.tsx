import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LockIcon from '@mui/icons-material/Lock';
import Stack from '@mui/material/Stack';

/** The sandbox's stand-in for the bank's 3-D Secure page: approve or fail the payment. */
export function ThreeDSecureDialog({ open, amount, onApprove, onFail }: { open: boolean; amount: string; onApprove: () => void; onFail: () => void }) {
  return (
    <Dialog open={open} onClose={onFail} aria-labelledby="three-d-secure-title" maxWidth="xs" fullWidth>
      <DialogTitle id="three-d-secure-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockIcon color="primary" fontSize="small" />
          <span>Confirm your payment</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your bank asks you to confirm this payment of {amount} to TimeZone API (3-D Secure). This is the sandbox: no real bank is contacted.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onFail} color="inherit">
          Fail authentication
        </Button>
        <Button onClick={onApprove} variant="contained" autoFocus>
          Complete authentication
        </Button>
      </DialogActions>
    </Dialog>
  );
}
