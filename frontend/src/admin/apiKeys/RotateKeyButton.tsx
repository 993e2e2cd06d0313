import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import type { AdminApiKey, AdminDataProvider } from '../dataProvider';
import { DIALOG_CLOSE_DELAY_MS } from '../users/UserActions';

export const rotateDialogText = (name: string) => `This will generate a new API key for "${name}". The old key will be invalidated immediately.`;

/** Rotate with the spec's confirmation dialog; the old key stops at once. */
export function RotateKeyButton() {
  const apiKey = useRecordContext<AdminApiKey>();
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: (id: string) => dataProvider.rotateKey(id),
    onSuccess: () => {
      notify('API key rotated successfully', { type: 'success' });
      refresh();
      setOpen(false);
    },
    onError: () => notify('Failed to rotate API key', { type: 'error' }),
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
