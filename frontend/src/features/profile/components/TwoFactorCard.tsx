import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../../components/ui/CopyButton';
import { toast } from '../../../components/ui/toast';
import { isUnauthorized, problemMessage } from '../../../lib/api';
import { useDisableTotp, useEnableTotp, useRefreshTotp, useTotpSetup, useTotpState } from '../api';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled } from '../../../lib/forms';

const CODE_PATTERN = /^\d{6}$/;

type CodeValues = { code: string };

/** Turning it on: the 6-digit code the app shows now. */
const enableResolver = zodResolver(
  z.object({ code: z.string().refine((v) => CODE_PATTERN.test(v.trim()), 'Enter the 6-digit code from your authenticator app') }),
);

/** Turning it off: a current code or one of the recovery codes. */
const disableResolver = zodResolver(z.object({ code: filled('Enter a code from your authenticator app or a recovery code') }));

function problemText(error: unknown, fallback: string): string {
  return problemMessage(error) ?? fallback;
}

/** The secret in groups of four, as authenticator apps show it when typed in. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning on two-factor sign-in: a QR code (and the key, for apps that can't scan), a code that confirms it,
 * then the ten recovery codes, shown once. `onDone` runs when the user has saved them.
 */
export function TwoFactorSetup({
  onDone,
  onEnabled,
  startLabel = 'Set Up Two-Factor Sign-In',
}: {
  onDone: () => void;
  /** Two-factor is on (the recovery codes are on screen, not yet saved). */
  onEnabled?: () => void;
  startLabel?: string;
}) {
  const setup = useTotpSetup();
  const enable = useEnableTotp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: enableResolver });
  const { errors } = formState;

  const start = async () => {
    try {
      await setup.mutateAsync();
    } catch (error) {
      if (isUnauthorized(error)) return;
      toast({ title: 'Error', description: problemText(error, 'Could not start the setup. Please try again.'), variant: 'destructive' });
    }
  };

  const confirm = handleSubmit(async ({ code }) => {
    try {
      const result = await enable.mutateAsync({ code: code.trim() });
      setRecoveryCodes(result.recoveryCodes);
      onEnabled?.();
      toast({ title: 'Two-Factor Sign-In On', description: 'Your account now asks for a code from your authenticator app at sign-in.' });
    } catch (error) {
      if (isUnauthorized(error)) return;
      setError('code', { message: problemText(error, 'That code is not valid. Please try again.') });
    }
  });

  if (recoveryCodes) {
    return (
      <Stack spacing={2} data-testid="recovery-codes">
        <Alert severity="success">
          Two-factor sign-in is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only this once.
        </Alert>
        <Box
          component="ul"
          aria-label="Recovery codes"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 2,
            bgcolor: 'action.hover',
            borderRadius: 1,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))',
            gap: 1,
            fontFamily: 'monospace',
            fontSize: 15,
            '& li': { whiteSpace: 'nowrap' },
          }}
        >
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <CopyButton text={recoveryCodes.join('\n')} label="Copy recovery codes" color="primary" />
            <Typography variant="body2">Copy all</Typography>
          </Box>
          <Button variant="contained" onClick={onDone} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
            I&apos;ve Saved My Codes
          </Button>
        </Stack>
      </Stack>
    );
  }

  if (!setup.data) {
    return (
      <Button
        variant="contained"
        onClick={() => void start()}
        disabled={setup.isPending}
        startIcon={setup.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {startLabel}
      </Button>
    );
  }

  const { qrCode, secret } = setup.data;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        <strong>1.</strong> Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
      </Typography>
      <Box
        component="img"
        src={qrCode}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, alignSelf: { xs: 'center', sm: 'flex-start' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          Can&apos;t scan it? Enter this key in the app:
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all' }}>
            {grouped(secret)}
          </Typography>
          <CopyButton text={secret} label="Copy key" />
        </Stack>
      </Box>
      <Stack component="form" spacing={2} onSubmit={confirm} noValidate aria-label="Confirm two-factor sign-in">
        <Typography variant="body2">
          <strong>2.</strong> Enter the 6-digit code the app shows.
        </Typography>
        <TextField
          label="Authentication Code"
          autoComplete="one-time-code"
          fullWidth
          error={!!errors.code}
          helperText={errors.code?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          {...register('code')}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={enable.isPending}
          startIcon={enable.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          Confirm and Turn On
        </Button>
      </Stack>
    </Stack>
  );
}

function DisableForm() {
  const disable = useDisableTotp();
  const { register, handleSubmit, setError, reset, formState } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: disableResolver });
  const { errors } = formState;

  const submit = handleSubmit(async ({ code }) => {
    try {
      await disable.mutateAsync({ code: code.trim() });
      reset();
      toast({ title: 'Two-Factor Sign-In Off', description: 'Your account no longer asks for a code at sign-in.' });
    } catch (error) {
      if (isUnauthorized(error)) return;
      setError('code', { message: problemText(error, 'That code is not valid. Please try again.') });
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <Typography variant="body2" color="text.secondary">
        To turn it off, enter a current code from your authenticator app or one of your recovery codes.
      </Typography>
      <TextField label="Code" autoComplete="one-time-code" fullWidth error={!!errors.code} helperText={errors.code?.message} {...register('code')} />
      <Button
        type="submit"
        variant="outlined"
        color="error"
        disabled={disable.isPending}
        startIcon={disable.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        Turn Off
      </Button>
    </Stack>
  );
}

/** The Profile page's two-factor card: turn it on with a QR code and a code, see the recovery codes left, turn it off with a code. */
export function TwoFactorCard() {
  const state = useTotpState();
  const refresh = useRefreshTotp();
  const [justEnabled, setJustEnabled] = useState(false);
  const on = justEnabled || state.data?.enabled;

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="h6" component="h2">
            Two-Factor Sign-In
          </Typography>
          {state.data && <Chip size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Ask for a code from an authenticator app on your phone as well as your password when you sign in.
        </Typography>
        {state.isPending ? (
          <Skeleton variant="rounded" height={40} width={240} />
        ) : state.isError || !state.data ? (
          <Alert severity="error">Could not load the two-factor settings. Please reload the page.</Alert>
        ) : state.data.enabled ? (
          <Stack spacing={2}>
            <Typography variant="body2">
              Recovery codes left: <strong>{state.data.recoveryCodesLeft}</strong>
            </Typography>
            {state.data.required ? (
              <Typography variant="body2" color="text.secondary">
                Two-factor sign-in is required for super admins.
              </Typography>
            ) : (
              <DisableForm />
            )}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <TwoFactorSetup onEnabled={() => setJustEnabled(true)} onDone={() => void refresh().then(() => setJustEnabled(false))} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
