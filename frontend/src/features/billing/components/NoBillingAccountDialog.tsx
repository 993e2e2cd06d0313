import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Manage Billing before any payment: there is no card or invoice to manage yet, and the way to add one. */
export function NoBillingAccountDialog({ open, onClose, onChoosePlan }: { open: boolean; onClose: () => void; onChoosePlan: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>No Billing Account Yet</DialogTitle>
      <DialogContent>
        <DialogContentText>
          There is no card or invoice to manage yet: you have not paid for a plan. Start a subscription to add a card; Manage Billing then lets you change it,
          see invoices and cancel.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={onChoosePlan}>
          Choose a Plan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
