import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { authApi } from '../api';
import { ApiError, problemMessage } from '../../../lib/api';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { MIN_PASSWORD_LENGTH } from '../validation';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';

export const RESET_REDIRECT_DELAY_MS = 2000;

type View = 'checking' | 'invalid' | 'form' | 'done';

interface ResetValues {
  password: string;
  confirm: string;
}

const resetSchema = z
  .object({
    password: z.string().min(1, 'Password is required').min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long.'),
    confirm: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => !v.password || !v.confirm || v.confirm === v.password, {
    path: ['confirm'],
    message: "Passwords don't match.",
  }) satisfies z.ZodType<ResetValues>;

export function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Choose a new password for your TimeZone API account.');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const [view, setView] = useState<View>(token ? 'checking' : 'invalid');
  // Errors stay until the next submit (no re-validation while typing), as before.
  const { control, handleSubmit, setError, formState } = useForm<ResetValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: zodResolver(resetSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const pending = formState.isSubmitting;

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    authApi
      .checkResetToken(token)
      .then((r) => !cancelled && setView(r.valid ? 'form' : 'invalid'))
      .catch(() => !cancelled && setView('form')); // the submit answers definitively
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (view !== 'done') return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, navigate]);

  const submit = handleSubmit(async ({ password }) => {
    try {
      await authApi.resetPassword({ token, newPassword: password });
      toast({ title: 'Password Reset Successfully', description: 'You can now sign in with your new password.' });
      setView('done');
    } catch (error) {
      if (error instanceof ApiError) {
        const message = problemMessage(error) ?? '';
        if (message.includes('Invalid or expired')) {
          setView('invalid');
          return;
        }
        const fieldError = error.problem.errors?.find((x) => x.field === 'newPassword');
        if (fieldError) setError('password', { type: 'server', message: fieldError.message });
        toast({ title: 'Error', description: message || 'Failed to reset password. Please try again.', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
      }
    }
  });

  if (view === 'checking') return <FullPageSpinner />;

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {view === 'invalid' ? (
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <LinkOffIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h5" component="h1">
                Invalid Reset Link
              </Typography>
              <Typography color="text.secondary">This password reset link is invalid or has expired. Request a new one from the sign-in dialog.</Typography>
              <Button variant="contained" component={RouterLink} to={paths.home}>
                Go to Homepage
              </Button>
            </Stack>
          ) : (
            <form noValidate onSubmit={submit} aria-label="Reset password">
              <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
                Reset Your Password
              </Typography>
              <Typography color="text.secondary" variant="body2" sx={{ mb: 3 }}>
                Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.
              </Typography>
              <Stack spacing={2}>
                <Controller
                  name="password"
                  control={control}
                  render={({ field: { ref, ...field }, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={ref}
                      label="New Password"
                      type="password"
                      name="newPassword"
                      autoComplete="new-password"
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      required
                      fullWidth
                      autoFocus
                      disabled={view === 'done'}
                    />
                  )}
                />
                <Controller
                  name="confirm"
                  control={control}
                  render={({ field: { ref, ...field }, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={ref}
                      label="Confirm New Password"
                      type="password"
                      name="confirmPassword"
                      autoComplete="new-password"
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      required
                      fullWidth
                      disabled={view === 'done'}
                    />
                  )}
                />
                <Button type="submit" variant="contained" size="large" disabled={pending || view === 'done'}>
                  {pending ? 'Resetting...' : 'Reset Password'}
                </Button>
              </Stack>
            </form>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
