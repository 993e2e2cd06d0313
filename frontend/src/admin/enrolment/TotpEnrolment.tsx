import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import { paths } from '../../config/paths';
import { onSignOutClick, useRefreshMe } from '../../lib/auth';
import { TwoFactorSetup } from '../../features/profile/components/TwoFactorCard';

/**
 * What the console shows a super admin without two-factor sign-in, and nothing else: the admin API answers
 * 403 totp_enrollment_required until it is on. Once the recovery codes are saved, /api/me says totpEnabled and
 * the gate renders the console.
 */
export default function TotpEnrolment() {
  const refreshMe = useRefreshMe();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        p: { xs: 1.5, sm: 3 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 560 }} component="main">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <PhonelinkLockOutlinedIcon color="primary" fontSize="large" aria-hidden />
              <Typography variant="h5" component="h1">
                Turn On Two-Factor Sign-In
              </Typography>
            </Stack>
            <Typography color="text.secondary">
              The admin console requires two-factor sign-in. Set up an authenticator app on your phone to continue: from now on, signing in asks for its 6-digit
              code as well as your password.
            </Typography>
            <TwoFactorSetup startLabel="Set Up Authenticator" onDone={() => void refreshMe()} />
            <Typography variant="body2" sx={{ pt: 1 }}>
              <Link href={paths.server.logout} onClick={onSignOutClick}>
                Log out
              </Link>
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
