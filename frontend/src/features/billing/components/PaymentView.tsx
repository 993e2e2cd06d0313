import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { formatPrice, quotaText, type PublicPlan } from '../../../config/publicConfig';
import { formatAmount } from '../../../lib/format';
import { useUpgrade, type UpgradePhase } from '../upgrade-flow';
import { SandboxPaymentForm } from './SandboxPaymentForm';
import { errorMessage } from '../../../lib/api';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

interface Props {
  plan: PublicPlan;
  billing: { mode: 'sandbox' | 'stripe'; publishableKey: string | null };
  onCancel: () => void;
  onSuccess: () => void;
}

/** 'Complete Your Upgrade': the card form for the chosen plan, the 3-D Secure step, and a processing alert meanwhile. */
export function PaymentView({ plan, billing, onCancel, onSuccess }: Props) {
  const [phase, setPhase] = useState<UpgradePhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const upgrade = useUpgrade(plan.id, setPhase);
  const amount = formatAmount(plan.priceMonthly, plan.currency);
  const busy = upgrade.isPending;

  const submit = (collector: Parameters<typeof upgrade.mutate>[0]) => {
    setError(null);
    upgrade.mutate(collector, {
      onSuccess: () => {
        toast({ title: 'Subscription Created!', description: `Successfully upgraded to the ${plan.name} plan` });
        onSuccess();
      },
      onError: (failure) => {
        const message = errorMessage(failure, 'Failed to create subscription');
        setError(message);
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      },
    });
  };

  const formProps = { submitLabel: `Pay ${amount}`, busy, onSubmit: submit, onCancel };
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {plan.name} plan
          </Typography>
          <Typography color="text.secondary">
            {formatPrice(plan)}/month · {quotaText(plan)}
            {plan.sla ? ` · ${plan.sla}% uptime SLA` : ''}. Billed monthly, cancel any time.
          </Typography>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 3 }}>
            <Typography sx={{ fontWeight: 600 }}>Due today</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="amount-due">
              {amount}
            </Typography>
          </Stack>
          {(phase === 'confirming' || phase === 'completing') && (
            <Alert severity="info" icon={<CircularProgress size={20} />} sx={{ mb: 2 }} data-testid="processing-alert">
              Processing your payment... Please complete the confirmation and keep this page open.
            </Alert>
          )}
          {error && !busy && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-error">
              {error}
            </Alert>
          )}
          {billing.mode === 'stripe' && billing.publishableKey ? (
            <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
              <StripePaymentForm publishableKey={billing.publishableKey} {...formProps} />
            </Suspense>
          ) : (
            <SandboxPaymentForm amount={amount} {...formProps} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
