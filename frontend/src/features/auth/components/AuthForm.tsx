import { useState } from 'react';
import { Controller, useForm, useWatch, type ControllerFieldState, type ControllerRenderProps, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import { authApi, storePendingEmail } from '../api';
import { meQueryKey } from '../../../lib/auth';
import { ApiError, problemMessage } from '../../../lib/api';
import { dismissErrorToasts, toast } from '../../../components/ui/toast';
import { paths, roleLanding, safeReturnTo } from '../../../config/paths';
import { isValidEmail, messages, MIN_PASSWORD_LENGTH } from '../validation';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled } from '../../../lib/forms';

export type AuthMode = 'login' | 'register' | 'forgot' | 'forgot-sent';

export const authTitles: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'Welcome Back', subtitle: 'Sign in to your account to manage your API keys and usage.' },
  register: { title: 'Create Your Account', subtitle: 'Start free. No credit card required.' },
  forgot: { title: 'Reset Your Password', subtitle: "Enter your email and we'll send you a link to reset your password." },
  'forgot-sent': { title: 'Check Your Email', subtitle: '' },
};

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called once the flow leaves the form (signed in, registered, unverified). */
  onDone?: () => void;
  returnTo?: string | null;
  /** Heading level of the title (the dialog has its own title element). */
  showTitle?: boolean;
}

interface AuthValues {
  name: string;
  email: string;
  password: string;
  totp: string;
}

interface AuthContext {
  mode: AuthMode;
  totpStep: boolean;
}

/** Which fields each mode asks for, and their messages. */
function authSchema({ mode, totpStep }: AuthContext) {
  const password = z.string().min(1, messages.passwordRequired);
  return z.object({
    name: mode === 'register' ? filled(messages.nameRequired) : z.string(),
    email: filled(messages.emailRequired).refine(isValidEmail, messages.invalidEmail),
    password: mode === 'register' ? password.min(MIN_PASSWORD_LENGTH, messages.passwordTooShort) : mode === 'login' ? password : z.string(),
    totp: mode === 'login' && totpStep ? filled(messages.totpRequired) : z.string(),
  }) satisfies z.ZodType<AuthValues>;
}

/** The schema of the form's mode (the form's context). */
const authResolver: Resolver<AuthValues, AuthContext> = (values, context, options) => zodResolver(authSchema(context!))(values, context, options);

/** A TextField's props from a Controller: value and handlers, the ref on the input, and the error; editing a field clears its error. */
function fieldProps<K extends keyof AuthValues>(
  { ref, ...field }: ControllerRenderProps<AuthValues, K>,
  fieldState: ControllerFieldState,
  clearError: () => void,
) {
  return {
    ...field,
    inputRef: ref,
    onChange: (event: { target: { value: string } }) => {
      field.onChange(event.target.value);
      if (fieldState.error) clearError();
    },
    error: Boolean(fieldState.error),
  };
}

export function AuthForm({ mode, onModeChange, onDone, returnTo, showTitle = true }: AuthFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** After a `totp_required` answer the form asks for the authenticator code, keeping e-mail and password. */
  const [totpStep, setTotpStep] = useState(false);
  // Errors show after a submit and clear when their field is edited (no re-validation while typing).
  const { control, handleSubmit, setError, clearErrors, setValue, formState } = useForm<AuthValues, AuthContext>({
    defaultValues: { name: '', email: '', password: '', totp: '' },
    resolver: authResolver,
    context: { mode, totpStep },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const email = useWatch({ control, name: 'email' });
  const pending = formState.isSubmitting;

  const switchMode = (next: AuthMode) => {
    clearErrors();
    setTotpStep(false);
    setValue('totp', '');
    onModeChange(next);
  };

  const goToVerification = (address: string) => {
    storePendingEmail(address);
    onDone?.();
    navigate(`${paths.verifyEmail}?email=${encodeURIComponent(address)}`);
  };

  const submit = handleSubmit(async ({ name, email, password, totp }) => {
    const address = email.trim();
    if (mode === 'login') {
      try {
        const result = await authApi.login({ email: address, password, ...(totpStep && { totp: totp.trim() }) });
        queryClient.setQueryData(meQueryKey, result.user);
        dismissErrorToasts(); // an earlier "Login Failed" is stale now
        onDone?.();
        navigate(safeReturnTo(returnTo) ?? roleLanding(result.user), { replace: true });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'email_not_verified' || error.problem.needsVerification)) {
          toast({
            title: 'Email Not Verified',
            description: 'Please check your email and click the verification link to activate your account.',
          });
          const pendingEmail = typeof error.problem.email === 'string' ? error.problem.email : address;
          goToVerification(pendingEmail);
          return;
        }
        if (error instanceof ApiError && error.code === 'totp_required') {
          setTotpStep(true);
          return;
        }
        if (error instanceof ApiError && error.code === 'totp_invalid') {
          setError('totp', { type: 'server', message: problemMessage(error) || messages.totpInvalid });
          return;
        }
        if (error instanceof ApiError && error.code === 'invalid_credentials') {
          // The password is the field to fix (or the address above it): marked where the user is looking.
          setError('password', { type: 'server', message: problemMessage(error) || messages.loginFailed }, { shouldFocus: true });
        }
        toast({
          title: 'Login Failed',
          description: error instanceof ApiError ? problemMessage(error) || messages.loginFailed : messages.somethingWrong,
          variant: 'destructive',
        });
      }
    } else if (mode === 'register') {
      try {
        await authApi.register({ name: name.trim(), email: address, password });
        toast({ title: 'Account Created!', description: 'Please check your email to verify your account.' });
        goToVerification(address);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const e of error.problem.errors ?? []) {
            if (e.field === 'name' || e.field === 'email' || e.field === 'password') setError(e.field, { type: 'server', message: e.message });
          }
        }
        toast({
          title: 'Registration Failed',
          description: error instanceof ApiError ? error.detail : messages.somethingWrong,
          variant: 'destructive',
        });
      }
    } else if (mode === 'forgot') {
      try {
        await authApi.forgotPassword({ email: address });
        toast({
          title: 'Reset Email Sent',
          description: "If an account with that email exists, we've sent you a password reset link.",
        });
        onModeChange('forgot-sent');
      } catch (error) {
        toast({
          title: 'Error',
          description: error instanceof ApiError ? error.detail : messages.somethingWrong,
          variant: 'destructive',
        });
      }
    }
  });

  const { title, subtitle } = authTitles[mode];

  if (mode === 'forgot-sent') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
        <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        {showTitle && (
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        )}
        <Typography color="text.secondary">
          If an account exists for <strong>{email.trim()}</strong>, we&apos;ve sent a password reset link. The link expires in 1 hour.
        </Typography>
        <Link component="button" type="button" onClick={() => switchMode('login')}>
          Back to sign in
        </Link>
      </Stack>
    );
  }

  if (mode === 'login' && totpStep) {
    return (
      <Box component="form" noValidate onSubmit={submit} aria-label="Two-factor verification">
        {showTitle && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Box>
        )}
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <PhonelinkLockOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
            <Typography variant="body2" color="text.secondary">
              Two-factor sign-in is on for <strong>{email.trim()}</strong>. Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </Typography>
          </Stack>
          <Controller
            name="totp"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                label="Authentication Code"
                autoComplete="one-time-code"
                {...fieldProps(field, fieldState, () => clearErrors('totp'))}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { inputMode: 'text', maxLength: 64, autoCapitalize: 'none', spellCheck: false } }}
                required
                fullWidth
                autoFocus
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={pending}
            startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Verify
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component="button" type="button" onClick={() => switchMode('login')}>
              Back to sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    );
  }

  const submitLabel = mode === 'login' ? 'Sign In' : mode === 'register' ? 'Create Account' : 'Send Reset Link';

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={title}>
      {showTitle && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {subtitle}
          </Typography>
        </Box>
      )}
      <Stack spacing={2}>
        {mode === 'register' && (
          <Controller
            name="name"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                label="Full Name"
                autoComplete="name"
                {...fieldProps(field, fieldState, () => clearErrors('name'))}
                helperText={fieldState.error?.message}
                required
                fullWidth
                autoFocus
              />
            )}
          />
        )}
        <Controller
          name="email"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              {...fieldProps(field, fieldState, () => clearErrors('email'))}
              helperText={fieldState.error?.message}
              required
              fullWidth
              autoFocus={mode !== 'register'}
            />
          )}
        />
        {mode !== 'forgot' && (
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                label="Password"
                type="password"
                autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
                {...fieldProps(field, fieldState, () => clearErrors('password'))}
                helperText={fieldState.error?.message ?? (mode === 'register' ? `At least ${MIN_PASSWORD_LENGTH} characters` : undefined)}
                required
                fullWidth
              />
            )}
          />
        )}
        {mode === 'login' && (
          <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
            <Link component="button" type="button" variant="body2" onClick={() => switchMode('forgot')}>
              Forgot your password?
            </Link>
          </Box>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {mode === 'login' && (
            <>
              Don&apos;t have an account?{' '}
              <Link component="button" type="button" onClick={() => switchMode('register')}>
                Sign up
              </Link>
            </>
          )}
          {mode === 'register' && (
            <>
              Already have an account?{' '}
              <Link component="button" type="button" onClick={() => switchMode('login')}>
                Sign in
              </Link>
            </>
          )}
          {mode === 'forgot' && (
            <Link component="button" type="button" onClick={() => switchMode('login')}>
              Back to sign in
            </Link>
          )}
        </Typography>
      </Stack>
    </Box>
  );
}
