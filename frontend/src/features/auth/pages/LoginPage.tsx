import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import LoginIcon from '@mui/icons-material/Login';
import { AuthForm, type AuthMode } from '../components/AuthForm';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { usePublicConfig } from '../../../config/publicConfig';
import { paths, safeReturnTo } from '../../../config/paths';

/**
 * Why the visitor was sent here (`/login?error=<reason>`): /api/login/callback's answers, and the dashboard's when
 * the session it held stopped (expired, or the account was blocked).
 */
function signInErrorText(reason: string | null): string | null {
  if (reason === 'oidc') return 'Sign-in with your identity provider failed. Please try again.';
  if (reason === 'blocked') return 'Your account has been blocked. Contact support.';
  if (reason === 'expired') return 'Your session has expired. Please sign in again.';
  return null;
}

export function LoginPage() {
  usePageMeta('Sign In', 'Sign in to your TimeZone API account to manage API keys, usage and billing.');
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>('login');
  const { data: config } = usePublicConfig();
  const verified = searchParams.get('verified');
  const signInError = signInErrorText(searchParams.get('error'));
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const providerHref = returnTo ? `${paths.server.login}?returnTo=${encodeURIComponent(returnTo)}` : paths.server.login;
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      {signInError && (
        <Alert severity={searchParams.get('error') === 'expired' ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {signInError}
        </Alert>
      )}
      {verified === '1' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your email is verified. You can now sign in.
        </Alert>
      )}
      {verified === '0' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          This verification link is invalid or has expired. Sign in to get a new one.
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <AuthForm mode={mode} onModeChange={setMode} returnTo={returnTo} />
          {config?.oidc.enabled && mode === 'login' && (
            <>
              <Divider sx={{ my: 3 }}>or</Divider>
              <Button fullWidth variant="outlined" size="large" href={providerHref} startIcon={<LoginIcon />}>
                Sign in with your identity provider
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
