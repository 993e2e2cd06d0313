import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import type { User } from '../../../lib/auth';
import { useCloseAccount } from '../api';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';

interface Values {
  password: string;
  totp: string;
  email: string;
}

/** Which fields the account asks for: the password only when it has one, the code only with two-factor sign-in on. */
type Asked = Pick<User, 'hasPassword' | 'totpEnabled'>;

function closeAccountSchema(asked: Asked) {
  return z.object({
    password: asked.hasPassword ? z.string().min(1, 'Password is required') : z.string(),
    totp: asked.totpEnabled ? z.string().min(1, 'Enter the code from your authenticator app') : z.string(),
    email: z.string().min(1, 'Type your e-mail address to confirm'),
  }) satisfies z.ZodType<Values>;
}

/** The schema of what this account is asked (the form's context). */
const closeAccountResolver: Resolver<Values, Asked> = (values, asked, options) => zodResolver(closeAccountSchema(asked!))(values, asked, options);

const FIELDS: Record<string, keyof Values> = { password: 'password', totp: 'totp', email: 'email' };

/** Profile → "Delete account": the password (and a second-factor code when on) and the typed e-mail close the account. */
export function DeleteAccountDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const close = useCloseAccount();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<Values, Asked>({
    defaultValues: { password: '', totp: '', email: '' },
    resolver: closeAccountResolver,
    context: { hasPassword: user.hasPassword, totpEnabled: user.totpEnabled },
  });
  const { errors } = formState;
  const typed = watch('email');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const dismiss = () => {
    if (close.isPending) return;
    reset();
    setFailure(null);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await close.mutateAsync({
        email: values.email.trim(),
        ...(user.hasPassword ? { password: values.password } : {}),
        ...(user.totpEnabled ? { totp: values.totp.trim() } : {}),
      });
      toast({ title: 'Account Closed', description: 'Your account has been closed. A confirmation has been sent to your e-mail address.' });
      navigate('/', { replace: true });
    } catch (error) {
      const field = isApiError(error) && error.problem.field ? FIELDS[String(error.problem.field)] : undefined;
      const message = isApiError(error) ? error.detail : 'Failed to close the account. Please try again.';
      if (field) setError(field, { message });
      else setFailure(message);
    }
  });

  return (
    <Dialog open={open} onClose={dismiss} aria-labelledby="delete-account-title" fullWidth maxWidth="sm">
      <DialogTitle id="delete-account-title">Delete account</DialogTitle>
      <Stack component="form" onSubmit={submit} noValidate aria-label="Delete account">
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            This cannot be undone. Your paid subscription ends now, every API key stops working at once and you are signed out everywhere. Your name, e-mail
            address and support messages are erased. Invoices are kept, as the law requires, and usage records are kept without IP addresses until their 12
            months run out.
          </Alert>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2}>
            {user.hasPassword && (
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                fullWidth
                error={!!errors.password}
                helperText={errors.password?.message}
                {...register('password')}
              />
            )}
            {user.totpEnabled && (
              <TextField
                label="Authentication code"
                autoComplete="one-time-code"
                inputMode="numeric"
                fullWidth
                error={!!errors.totp}
                helperText={errors.totp?.message ?? 'The 6-digit code from your authenticator app, or a recovery code.'}
                {...register('totp')}
              />
            )}
            <TextField
              label={`Type ${user.email} to confirm`}
              autoComplete="off"
              fullWidth
              error={!!errors.email}
              helperText={errors.email?.message}
              {...register('email')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss} disabled={close.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!matches || close.isPending}
            startIcon={close.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {close.isPending ? 'Deleting...' : 'Delete account'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

export function DeleteAccountCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const superAdmin = user.role === 'super_admin';
  return (
    <Card sx={{ height: '100%', borderColor: 'error.main' }} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Delete account
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {superAdmin
            ? 'A super admin account cannot be closed here. Hand the role to another account first.'
            : 'Close your account for good: the subscription ends, keys stop working and personal data is erased.'}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)} disabled={superAdmin}>
          Delete account
        </Button>
        <DeleteAccountDialog user={user} open={open} onClose={() => setOpen(false)} />
      </CardContent>
    </Card>
  );
}
