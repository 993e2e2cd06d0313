import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../components/ui/toast';
import type { ApiKey, ApiKeyInput } from '../api';
import { splitEntries, validateIpRestrictions, validateUrlRestrictions } from '../restrictions';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled } from '../../../lib/forms';
import { endOfDay, KEY_SCOPE_LABELS, KEY_SCOPES, toDateInput, type KeyLimitWindow, type KeyScope } from '../key-options';

export interface KeyFormValues {
  name: string;
  ipRestrictions: string;
  urlRestrictions: string;
  scopes: KeyScope[];
  /** yyyy-mm-dd, the user's day; '' never expires. */
  expiresOn: string;
  /** The key's own limit; '' none. */
  rateLimit: string;
}

export const NAME_REQUIRED_TITLE = 'Name required';
export const NAME_REQUIRED_MESSAGE = 'Please enter a name for your API key.';

/**
 * The request body. A create leaves out what is not set; an edit sends every field, and clears with the API's words for
 * "none" (an empty expiry, a limit of 0).
 */
export function toKeyInput(values: KeyFormValues, mode: 'create' | 'edit' = 'create'): ApiKeyInput {
  const input: ApiKeyInput = {
    name: values.name.trim(),
    ipRestrictions: splitEntries(values.ipRestrictions),
    urlRestrictions: splitEntries(values.urlRestrictions),
  };
  if (mode === 'edit' || values.scopes.length) input.scopes = values.scopes;
  if (values.expiresOn) input.expiresAt = endOfDay(values.expiresOn);
  else if (mode === 'edit') input.expiresAt = '';
  if (values.rateLimit.trim()) input.rateLimit = Number(values.rateLimit);
  else if (mode === 'edit') input.rateLimit = 0;
  return input;
}

/** A restriction field: its check answers true when every line is valid, else the message. */
const restrictions = (check: (text: string) => true | string) =>
  z.string().superRefine((text, ctx) => {
    const result = check(text);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  });

const PER: Record<KeyLimitWindow, string> = { hour: 'hour', second: 'second' };

function keyFormSchema(limitMax: number | null, limitWindow: KeyLimitWindow) {
  return z.object({
    name: filled(NAME_REQUIRED_MESSAGE),
    ipRestrictions: restrictions(validateIpRestrictions),
    urlRestrictions: restrictions(validateUrlRestrictions),
    scopes: z.array(z.enum(KEY_SCOPES)),
    expiresOn: z.string().refine((d) => !d || new Date(endOfDay(d)).getTime() > Date.now(), 'Choose a day from today on, or leave it empty.'),
    rateLimit: z.string().superRefine((text, ctx) => {
      const t = text.trim();
      if (!t) return;
      const n = Number(t);
      if (!Number.isInteger(n) || n < 1) ctx.addIssue({ code: 'custom', message: 'Enter a whole number of requests, or leave it empty.' });
      else if (limitMax !== null && n > limitMax)
        ctx.addIssue({ code: 'custom', message: `Your plan allows at most ${limitMax} requests per ${PER[limitWindow]}.` });
    }),
  }) satisfies z.ZodType<KeyFormValues>;
}

const FIELDS = ['name', 'ipRestrictions', 'urlRestrictions', 'scopes', 'rateLimit'] as const;
const fieldOf = (serverField: string): keyof KeyFormValues | null => {
  const root = serverField.replace(/\[.*$/, '').replace(/\..*$/, '');
  if (root === 'expiresAt') return 'expiresOn';
  return (FIELDS as readonly string[]).includes(root) ? (root as keyof KeyFormValues) : null;
};

/**
 * Create or edit a key: name, IP and URL restrictions one per line (or comma-separated), each entry checked before
 * sending; the route groups it may call, an expiry day and its own rate limit.
 */
export function KeyFormDialog({
  open,
  mode,
  initial,
  pending,
  limitMax = null,
  limitWindow = 'hour',
  onClose,
  onSubmit,
}: {
  open: boolean;
  mode: 'create' | 'edit';
  initial?: ApiKey | null;
  pending?: boolean;
  /** The plan's limit a key's own may not pass (null: none), and its window. */
  limitMax?: number | null;
  limitWindow?: KeyLimitWindow;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's error (its field errors land on the fields). */
  onSubmit: (input: ApiKeyInput) => Promise<unknown>;
}) {
  const { register, handleSubmit, reset, setError, formState, control } = useForm<KeyFormValues>({
    defaultValues: { name: '', ipRestrictions: '', urlRestrictions: '', scopes: [], expiresOn: '', rateLimit: '' },
    resolver: zodResolver(keyFormSchema(limitMax, limitWindow)),
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
      scopes: initial?.scopes ?? [],
      expiresOn: toDateInput(initial?.expiresAt),
      rateLimit: initial?.rateLimit ? String(initial.rateLimit) : '',
    });
  }, [open, initial, reset]);

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(toKeyInput(values, mode));
      } catch (error) {
        if (isApiError(error) && error.problem.code === 'key_limit_above_plan') {
          setError('rateLimit', { type: 'server', message: error.problem.detail ?? 'Above your plan’s limit.' });
          return;
        }
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
              : 'Change the name, restrictions, scopes, expiry or limit. The key itself stays the same.'}
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
            <Controller
              control={control}
              name="scopes"
              render={({ field }) => (
                <FormControl component="fieldset" error={!!errors.scopes}>
                  <FormLabel component="legend">What the key may call</FormLabel>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {KEY_SCOPES.map((scope) => (
                      <FormControlLabel
                        key={scope}
                        label={KEY_SCOPE_LABELS[scope]}
                        control={
                          <Checkbox
                            size="small"
                            checked={field.value.includes(scope)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked ? KEY_SCOPES.filter((s) => s === scope || field.value.includes(s)) : field.value.filter((s) => s !== scope),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>
                    {errors.scopes?.message ?? 'None ticked: the key may call everything. A call outside its ticked groups is refused (403).'}
                  </FormHelperText>
                </FormControl>
              )}
            />
            <TextField
              label="Expires on"
              type="date"
              fullWidth
              error={!!errors.expiresOn}
              helperText={errors.expiresOn?.message ?? 'Optional. The key stops working at the end of this day (your time). We e-mail you 7 days before.'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'key-expiry' } }}
              {...register('expiresOn')}
            />
            <TextField
              label={`Rate limit (requests per ${PER[limitWindow]})`}
              type="number"
              fullWidth
              error={!!errors.rateLimit}
              helperText={
                errors.rateLimit?.message ??
                (limitMax !== null
                  ? `Optional, at most ${limitMax} (your plan's limit). Empty: only your plan's limit applies.`
                  : "Optional. Empty: only your plan's limit applies.")
              }
              slotProps={{ htmlInput: { min: 1, ...(limitMax !== null && { max: limitMax }), inputMode: 'numeric', 'data-testid': 'key-rate-limit' } }}
              {...register('rateLimit')}
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
