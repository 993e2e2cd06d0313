import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import LooksOneOutlinedIcon from '@mui/icons-material/LooksOneOutlined';
import LooksTwoOutlinedIcon from '@mui/icons-material/LooksTwoOutlined';
import Looks3OutlinedIcon from '@mui/icons-material/Looks3Outlined';
import { authApi, readPendingEmail } from '../api';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';

export function VerifyEmailPage() {
  usePageMeta('Verify Your Email', 'Check your inbox for the verification link to activate your TimeZone API account.');
  const [searchParams] = useSearchParams();
  const [email] = useState(() => searchParams.get('email') || readPendingEmail());
  const [sending, setSending] = useState(false);

  const resend = async () => {
    if (!email) return;
    setSending(true);
    try {
      await authApi.resendVerification({ email });
      toast({ title: 'Verification Email Sent', description: `We sent a new link to ${email}.` });
    } catch (error) {
      // Spec: failures are only logged, no user message.
      console.warn('Resend verification failed', error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <MarkEmailUnreadOutlinedIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            Check Your Email
          </Typography>
          <Typography color="text.secondary">
            We&apos;ve sent a verification link to {email ? <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> : 'your email address'}.
          </Typography>
          <Box sx={{ textAlign: 'left', my: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Next steps
            </Typography>
            <List dense>
              {[
                { icon: <LooksOneOutlinedIcon />, text: 'Open the email from TimeZone API (check your spam folder too).' },
                { icon: <LooksTwoOutlinedIcon />, text: 'Click the verification link to activate your account.' },
                { icon: <Looks3OutlinedIcon />, text: 'Sign in and create your first API key.' },
              ].map((step) => (
                <ListItem key={step.text} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>{step.icon}</ListItemIcon>
                  <ListItemText primary={step.text} />
                </ListItem>
              ))}
            </List>
            <Typography variant="body2" color="text.secondary">
              The link expires in 24 hours.
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={resend} disabled={!email || sending}>
              {sending ? 'Sending...' : 'Resend Verification Email'}
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.home}>
              Return to Home
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
