import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../components/ui/toast';
import type { ApiKey, ApiKeyInput } from '../api';
import { splitEntries, validateIpRestrictions, validateUrlRestrictions } from '../restrictions';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled } from '../../../lib/forms';

export interface KeyFormValues {
  name: string;
  ipRestrictions: string;
  urlRestrictions: string;
}

export const NAME_REQUIRED_TITLE = 'Name required';
export const NAME_REQUIRED_MESSAGE = 'Please enter a name for your API key.';

export function toKeyInput(values: KeyFormValues): ApiKeyInput {
  return {
    name: values.name.trim(),
    ipRestrictions: splitEntries(values.ipRestrictions),
    urlRestrictions: splitEntries(values.urlRestrictions),
  };
}

/** A restriction field: its check answers true when every line is valid, else the message. */
const restrictions = (check: (text: string) => true | string) =>
  z.string().superRefine((text, ctx) => {
    const result = check(text);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  });

const keyFormSchema = z.object({
  name: filled(NAME_REQUIRED_MESSAGE),
  ipRestrictions: restrictions(validateIpRestrictions),
  urlRestrictions: restrictions(validateUrlRestrictions),
}) satisfies z.ZodType<KeyFormValues>;

const fieldOf = (serverField: string): keyof KeyFormValues | null => {
  const root = serverField.replace(/\[.*$/, '').replace(/\..*$/, '');
  return root === 'name' || root === 'ipRestrictions' || root === 'urlRestrictions' ? root : null;
};

/** Create or edit a key: name, IP and URL restrictions one per line (or comma-separated), each entry checked before sending. */
export function KeyFormDialog({
  open,
  mode,
  initial,
  pending,
  onClose,
  onSubmit,
}: {
  open: boolean;
  mode: 'create' | 'edit';
  initial?: ApiKey | null;
  pending?: boolean;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's error (its field errors land on the fields). */
  onSubmit: (input: ApiKeyInput) => Promise<unknown>;
}) {
  const { register, handleSubmit, reset, setError, formState } = useForm<KeyFormValues>({
    defaultValues: { name: '', ipRestrictions: '', urlRestrictions: '' },
    resolver: zodResolver(keyFormSchema),
  });
  const { errors } = formState;
  // The "Name required" toast repeats the field's own error: it goes when that error does (the name was fixed, the
  // dialog closed), not 5 s later over a form that is now fine.
  const nameToast = useRef<ReturnType<typeof toast> | null>(null);
  const nameInvalid = !!errors.name && open;
  useEffect(() => {
    if (!nameInvalid) {
      nameToast.current?.dismiss();
      nameToast.current = null;
    }
  }, [nameInvalid]);
  useEffect(() => () => nameToast.current?.dismiss(), []);

  useEffect(() => {
    if (!open) return;
    reset({
      name: initial?.name ?? '',
      ipRestrictions: (initial?.ipRestrictions ?? []).join('\n'),
      urlRestrictions: (initial?.urlRestrictions ?? []).join('\n'),
    });
  }, [open, initial, reset]);

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(toKeyInput(values));
      } catch (error) {
        if (isApiError(error) && error.problem.errors?.length) {
          let placed = false;
          for (const item of error.problem.errors) {
            const field = fieldOf(item.field);
            if (field) {
              setError(field, { type: 'server', message: item.message });
              placed = true;
            }
          }
          if (placed) return;
        }
        // The page shows the failure toast; nothing field-specific to place.
      }
    },
    (invalid) => {
      if (invalid.name) nameToast.current = toast({ title: NAME_REQUIRED_TITLE, description: NAME_REQUIRED_MESSAGE, variant: 'destructive' });
    },
  );

  const title = mode === 'create' ? 'Create API Key' : 'Edit API Key';
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="key-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="key-form-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {mode === 'create'
              ? 'Give the key a name you will recognise. Restrictions are optional: leave them empty to allow any caller.'
              : 'Change the name or restrictions. The key itself stays the same.'}
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Name"
              autoFocus
              required
              fullWidth
              placeholder="Production server"
              error={!!errors.name}
              helperText={errors.name?.message}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'key-name' } }}
              {...register('name')}
            />
            <TextField
              label="IP restrictions"
              multiline
              minRows={3}
              fullWidth
              placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/32'}
              error={!!errors.ipRestrictions}
              helperText={errors.ipRestrictions?.message ?? 'IP addresses or CIDR ranges, one per line or separated by commas. Empty: any IP.'}
              slotProps={{ htmlInput: { 'data-testid': 'key-ips', spellCheck: false } }}
              {...register('ipRestrictions')}
            />
            <TextField
              label="URL restrictions"
              multiline
              minRows={3}
              fullWidth
              placeholder={'example.com\n*.example.com'}
              error={!!errors.urlRestrictions}
              helperText={
                errors.urlRestrictions?.message ??
                'Domains or wildcards (*.example.com), one per line or separated by commas, matched against the Origin or Referer the caller sends. Browsers send them truthfully, but any program can set them: for a key used from a server, restrict by IP and keep the key secret. Empty: any site.'
              }
              slotProps={{ htmlInput: { 'data-testid': 'key-urls', spellCheck: false } }}
              {...register('urlRestrictions')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {mode === 'create' ? (pending ? 'Creating...' : 'Create Key') : pending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
