import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { ORG_ROLE_DESCRIPTIONS, ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { LoadError } from '../../../components/ui/LoadError';
import { toast } from '../../../components/ui/toast';
import { loginWithReturnTo, paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useAcceptInvitation, useInvitation } from '../api';
import { failureText } from '../components/team-text';
import { withArticle } from '../components/team-roles';
import { DEAD_INVITATIONS, deadInvitation } from './invitation-states';
import { InvitedRegisterForm } from './InvitedRegisterForm';

function DeadEnd({ title, text }: { title: string; text: string }) {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }} data-testid="invitation-dead">
      <LinkOffIcon color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        Go to Homepage
      </Button>
    </Stack>
  );
}

/**
 * `/invitations/:token`, the link of an invitation mail: who invited you where and as what; a signed-in user
 * accepts, anyone else signs in (and comes back here) or creates an account with the invited address.
 */
export function InvitationPage() {
  usePageMeta('Invitation', 'Join an organisation on TimeZone API.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { status, user } = useAuth();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [registering, setRegistering] = useState(false);

  const acceptNow = async () => {
    try {
      const { organization } = await accept.mutateAsync(token);
      toast({ title: 'Welcome aboard', description: `You joined ${organization.name} as ${ORG_ROLE_LABELS[organization.role]}.` });
      navigate(paths.dashboard.root);
    } catch {
      // shown on the page
    }
  };

  let body;
  if (invitation.isPending) body = <FullPageSpinner minHeight={240} />;
  else if (invitation.isError) {
    const dead = deadInvitation(invitation.error);
    body = dead ? (
      <DeadEnd {...DEAD_INVITATIONS[dead]} />
    ) : (
      <LoadError what="this invitation" error={invitation.error} onRetry={() => invitation.refetch()} retrying={invitation.isFetching} />
    );
  } else {
    const data = invitation.data;
    const organization = data.organization;
    body = (
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2}>
            <GroupAddIcon color="primary" sx={{ fontSize: 40 }} />
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="invitation-title">
              {data.invitedBy} invited you to join {organization} as {withArticle(data.role)}
            </Typography>
            <Typography color="text.secondary">
              {ORG_ROLE_LABELS[data.role]}: {ORG_ROLE_DESCRIPTIONS[data.role].toLowerCase()}. The invitation is for {data.email} and works until{' '}
              {formatDate(data.expiresAt)}.
            </Typography>
            {accept.isError && <Alert severity="error">{failureText(accept.error)}</Alert>}
            {status === 'loading' ? (
              <CircularProgress aria-label="Checking your session" size={24} />
            ) : user ? (
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                {user.email.toLowerCase() !== data.email.toLowerCase() && (
                  <Alert severity="info">
                    You are signed in as {user.email}. Accepting adds that account to {organization}.
                  </Alert>
                )}
                <Button
                  variant="contained"
                  size="large"
                  onClick={() => void acceptNow()}
                  disabled={accept.isPending}
                  startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {accept.isPending ? 'Joining…' : 'Accept invitation'}
                </Button>
              </Stack>
            ) : registering ? (
              <InvitedRegisterForm token={token} email={data.email} organization={organization} onCancel={() => setRegistering(false)} />
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button variant="contained" size="large" component={RouterLink} to={loginWithReturnTo(paths.invitation(token))}>
                  Sign in to accept
                </Button>
                <Button variant="outlined" size="large" onClick={() => setRegistering(true)}>
                  Create an account
                </Button>
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 10 } }}>
      {body}
    </Container>
  );
}
