import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { isApiError, isUnauthorized } from '../../../lib/api';
import { useMe, type User } from '../../../lib/auth';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { useChangePassword, useUpdateProfile, type ProfileInput } from '../api';
import { ChangeNoticesCard, ExportDataCard, QuotaAlertsCard } from './AccountDataCard';
import { DeleteAccountCard } from './DeleteAccountDialog';
import { DisplayZoneCard } from './DisplayZoneCard';
import { TwoFactorCard } from './TwoFactorCard';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled, markServerErrors } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

const profileSchema = z.object({
  email: z.string().refine((v) => EMAIL_PATTERN.test(v.trim()), 'Invalid email address'),
  firstName: filled('First name is required'),
  lastName: filled('Last name is required'),
}) satisfies z.ZodType<ProfileInput>;

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, reset, formState, setError } = useForm<ProfileInput>({
    defaultValues: { email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    resolver: zodResolver(profileSchema),
  });
  const { errors } = formState;
  useEffect(() => {
    reset({ email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  }, [user, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync({ email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() });
      toast({
        title: 'Profile Updated',
        description: result.pendingEmail
          ? `Your profile has been updated. We've sent a link to ${result.pendingEmail}: your e-mail changes once you click it.`
          : 'Your profile has been updated successfully.',
      });
    } catch (error) {
      if (isUnauthorized(error)) return; // the dashboard's 401 handler takes over
      markServerErrors(error, ['email', 'firstName', 'lastName'] as const, setError);
      toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Profile Information
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Changing your e-mail sends a confirmation link to the new address; the change takes effect once you click it.
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Profile information">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
            error={!!errors.email}
            helperText={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="First Name"
            autoComplete="given-name"
            fullWidth
            error={!!errors.firstName}
            helperText={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            fullWidth
            error={!!errors.lastName}
            helperText={errors.lastName?.message}
            {...register('lastName')}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {update.isPending ? 'Updating...' : 'Update Profile'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => !v.confirmPassword || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  }) satisfies z.ZodType<PasswordValues>;

export function PasswordForm() {
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState, setError } = useForm<PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(passwordSchema),
  });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset();
      toast({ title: 'Password Updated', description: 'Your password has been updated successfully.' });
    } catch (error) {
      if (isUnauthorized(error)) return;
      markServerErrors(error, ['currentPassword', 'newPassword', 'confirmPassword'] as const, setError);
      const message = isApiError(error) ? error.problem.detail || error.problem.title : undefined;
      toast({ title: 'Error', description: message || 'Failed to update password.', variant: 'destructive' });
    }
  });

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Change Password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Changing your password signs you out on your other devices.
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Change password">
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            fullWidth
            error={!!errors.currentPassword}
            helperText={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            fullWidth
            error={!!errors.newPassword}
            helperText={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            fullWidth
            error={!!errors.confirmPassword}
            helperText={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {change.isPending ? 'Updating...' : 'Change Password'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <Grid container spacing={2} data-testid="profile-skeleton">
      {[0, 1].map((i) => (
        <Grid key={i} size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Skeleton width="40%" height={32} />
              <Skeleton width="70%" sx={{ mb: 2 }} />
              <Stack spacing={2}>
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" width={140} height={36} />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** Accounts made through OpenID Connect have no password to change: say how they sign in instead of a form that can only fail. */
function ProviderSignIn() {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Password
        </Typography>
        <Typography variant="body2" color="text.secondary">
          This account signs in through your identity provider, so it has no password here. Change your password with your identity provider.
        </Typography>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  usePageMeta('Profile', 'Your account details, password, two-factor sign-in, alerts, data export and account closure.');
  const me = useMe();
  const can = useCan();
  return (
    <>
      <PageHeader title="Profile" subtitle="Manage your account information and password." />
      {me.isPending || !me.data ? (
        <ProfileSkeleton />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileForm user={me.data} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>{me.data.hasPassword === false ? <ProviderSignIn /> : <PasswordForm />}</Grid>
          {me.data.hasPassword !== false && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TwoFactorCard />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <DisplayZoneCard />
          </Grid>
          {/* The alert and notice mails are the organisation's settings: its owners and admins change them. */}
          {can('org.settings') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <QuotaAlertsCard user={me.data} />
            </Grid>
          )}
          {can('org.settings') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <ChangeNoticesCard user={me.data} />
            </Grid>
          )}
          {/* The export is of the current organisation's data: its owners only. */}
          {can('account.export') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <ExportDataCard />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <DeleteAccountCard user={me.data} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
