import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { filled } from '../../../lib/forms';
import { toast } from '../../../components/ui/toast';
import { useCreateOrganization } from '../api';
import { failureText } from './team-text';

export const ORGANIZATION_NAME_MAX = 100;
export const organizationNameSchema = filled('Enter a name for the organisation.').refine((v) => v.trim().length <= ORGANIZATION_NAME_MAX, {
  message: `At most ${ORGANIZATION_NAME_MAX} characters.`,
});
const schema = z.object({ name: organizationNameSchema });

/** "Create organisation": a name; the new organisation is yours (owner) and the session switches to it. */
export function CreateOrganizationDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const create = useCreateOrganization();
  const { register, handleSubmit, reset, formState } = useForm<{ name: string }>({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  useEffect(() => {
    if (open) {
      reset({ name: '' });
      create.reset();
    }
    // Only on opening: a fresh form and no earlier failure.
  }, [open]);
  const submit = handleSubmit(async ({ name }) => {
    try {
      const created = await create.mutateAsync(name.trim());
      toast({ title: 'Organisation created', description: `${created.name} is ready, and you are its owner. Invite your team from this page.` });
      onCreated();
    } catch {
      // shown in the dialog
    }
  });
  const nameError = formState.errors.name?.message;
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="create-org-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-org-title">Create organisation</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A new organisation with its own keys, usage, webhooks and billing, on the free plan. You become its owner and switch to it.
          </DialogContentText>
          {create.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureText(create.error)}
            </Alert>
          )}
          <TextField
            {...register('name')}
            label="Organisation name"
            fullWidth
            autoFocus
            required
            error={Boolean(nameError)}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: ORGANIZATION_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={create.isPending} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {create.isPending ? 'Creating…' : 'Create organisation'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
