import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { paths } from '../../config/paths';
import { toast } from '../../components/ui/toast';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { PageHeader } from '../../components/dashboard/PageHeader';
import { useSandboxPortal, useSandboxPortalAction } from './api';
import { parseExpiry } from './card-validation';
import { formatDate, planName } from '../../lib/format';
import { EMPTY_CARD, SandboxCardFields, useCardForm } from './components/SandboxCardFields';
import { SubscriptionStatusChip } from './components/StatusChips';
import { errorMessage } from '../../lib/api';

/** The sandbox's Customer Portal (what "Manage Billing" opens without Stripe): cancel at period end, resume, replace the card. */
export default function SandboxPortalPage() {
  usePageMeta('Billing Portal', 'Manage your subscription and card.');
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const portal = useSandboxPortal(session);
  const action = useSandboxPortalAction(session);
  const [editingCard, setEditingCard] = useState(false);
  const cardForm = useCardForm();

  const back = (
    <Button component={RouterLink} to={paths.dashboard.billing} startIcon={<ArrowBackIcon />} color="inherit">
      Back to Billing
    </Button>
  );

  const run = (kind: 'cancel' | 'resume') =>
    action.mutate(
      { kind },
      {
        onSuccess: () =>
          toast({
            title: kind === 'cancel' ? 'Subscription Canceled' : 'Subscription Resumed',
            description: kind === 'cancel' ? 'Your plan stays active until the end of the billing period.' : 'Your subscription renews automatically again.',
          }),
        onError: (error) =>
          toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update the subscription. Please try again.'), variant: 'destructive' }),
      },
    );

  const saveCard = cardForm.handleSubmit((card) => {
    const expiry = parseExpiry(card.expiry)!;
    action.mutate(
      { kind: 'card', card: { number: card.number.replace(/\s/g, ''), expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc, name: card.name.trim() } },
      {
        onSuccess: () => {
          setEditingCard(false);
          cardForm.reset(EMPTY_CARD);
          toast({ title: 'Card Updated', description: 'Your new card will be used for the next payments.' });
        },
        onError: (error) =>
          toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update the card. Please try again.'), variant: 'destructive' }),
      },
    );
  });

  if (!session || portal.isError) {
    return (
      <>
        <Box sx={{ mb: 2 }}>{back}</Box>
        <PageHeader title="Billing Portal" />
        <Alert severity="warning">This billing portal link is invalid or has expired. Open Manage Billing again from the billing page.</Alert>
      </>
    );
  }

  const data = portal.data;
  const sub = data?.subscription;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Box sx={{ mb: 2 }}>{back}</Box>
      <PageHeader title="Billing Portal" subtitle={data ? `Signed in as ${data.email}` : undefined} />
      <Alert severity="info" sx={{ mb: 3 }}>
        <strong>Sandbox: no real charges.</strong> This page stands in for the Stripe Customer Portal.
      </Alert>
      {portal.isPending && <Skeleton variant="rounded" height={200} />}
      {data && (
        <Stack spacing={3}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Subscription
              </Typography>
              {!sub && <Typography color="text.secondary">You have no active subscription.</Typography>}
              {sub && (
                <>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{planName(sub.plan)} plan</Typography>
                    <SubscriptionStatusChip status={sub.status} />
                  </Stack>
                  <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="portal-renewal">
                    {sub.cancelAtPeriodEnd
                      ? `Your plan is canceled and ends on ${formatDate(sub.currentPeriodEnd)}. Until then everything keeps working.`
                      : `Renews automatically on ${formatDate(sub.currentPeriodEnd)}.`}
                  </Typography>
                  <Box sx={{ mt: 2 }}>
                    {sub.cancelAtPeriodEnd ? (
                      <Button variant="contained" onClick={() => run('resume')} disabled={action.isPending}>
                        Resume subscription
                      </Button>
                    ) : (
                      <Button variant="outlined" color="error" onClick={() => run('cancel')} disabled={action.isPending}>
                        Cancel at period end
                      </Button>
                    )}
                  </Box>
                </>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Payment method
              </Typography>
              {data.card ? (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <CreditCardIcon color="action" />
                  <Typography data-testid="portal-card">
                    {data.card.brand.toUpperCase()} •••• {data.card.last4} · expires {String(data.card.expMonth).padStart(2, '0')}/{data.card.expYear}
                  </Typography>
                </Stack>
              ) : (
                <Typography color="text.secondary">No card on file.</Typography>
              )}
              {!editingCard && (
                <Button sx={{ mt: 2 }} onClick={() => setEditingCard(true)}>
                  Update card
                </Button>
              )}
              {editingCard && (
                <Box component="form" noValidate onSubmit={saveCard} sx={{ mt: 2 }}>
                  <SandboxCardFields control={cardForm.control} disabled={action.isPending} />
                  <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                    <Button color="inherit" onClick={() => setEditingCard(false)} disabled={action.isPending}>
                      Cancel
                    </Button>
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={action.isPending}
                      startIcon={action.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
                    >
                      Save card
                    </Button>
                  </Stack>
                </Box>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
