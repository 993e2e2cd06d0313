import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { toast } from '../../components/ui/toast';
import type { AdminApiKey, AdminDataProvider } from '../dataProvider';
import { DIALOG_CLOSE_DELAY_MS } from '../users/UserActions';

export const rotateDialogText = (name: string) =>
  `This will generate a new API key for "${name}". The old key will be invalidated immediately.`;

/** Rotate with the spec's confirmation dialog; the old key stops at once. */
export function RotateKeyButton() {
  const apiKey = useRecordContext<AdminApiKey>();
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: (id: string) => dataProvider.rotateKey(id),
    onSuccess: () => {
      toast({ title: 'Success', description: 'API key rotated successfully' });
      refresh();
      setOpen(false);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to rotate API key', variant: 'destructive' }),
  });
  if (!apiKey) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<AutorenewIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Rotate ${apiKey.name}`}
      >
        Rotate
      </Button>
      <Dialog
        open={open}
        onClose={mutation.isPending ? undefined : () => setOpen(false)}
        fullWidth
        maxWidth="xs"
        onClick={(e) => e.stopPropagation()}
        transitionDuration={{ exit: DIALOG_CLOSE_DELAY_MS }}
      >
        <DialogTitle>Rotate API Key</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ wordBreak: 'break-word' }}>{rotateDialogText(apiKey.name)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => mutation.mutate(apiKey.id)}
            disabled={mutation.isPending}
            startIcon={mutation.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            Rotate Key
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
