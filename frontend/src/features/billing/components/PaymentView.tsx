import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import AlertTitle from '@mui/material/AlertTitle';
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
import { useUpgrade, type CardCollector, type UpgradePhase } from '../upgrade-flow';
import { SandboxPaymentForm } from './SandboxPaymentForm';
import { errorMessage } from '../../../lib/api';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

interface Props {
  plan: PublicPlan;
  billing: { mode: 'sandbox' | 'stripe'; publishableKey: string | null };
  /** The address names the 3-D Secure step (…/confirm). */
  confirmStep: boolean;
  /** Enter the 3-D Secure step's address (true), or leave it for the card form's (false). */
  onConfirmStep: (open: boolean) => void;
  onCancel: () => void;
  onSuccess: () => void;
}

/**
 * 'Complete Your Upgrade': the card form for the chosen plan, the 3-D Secure step, and a processing alert meanwhile.
 * The 3-D Secure step has its own address: leaving it with Back abandons the confirmation (as "Fail authentication"
 * would), and arriving there without a payment waiting for it shows the card form. A failure is said once, beside the form.
 */
export function PaymentView({ plan, billing, confirmStep, onConfirmStep, onCancel, onSuccess }: Props) {
  const [phase, setPhase] = useState<UpgradePhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const upgrade = useUpgrade(plan.id, setPhase, () => {
    toast({ title: 'Subscription Created!', description: `Successfully upgraded to the ${plan.name} plan` });
    onSuccess();
  });
  const amount = formatAmount(plan.priceMonthly, plan.currency);
  const busy = upgrade.isPending;
  const collectorRef = useRef<CardCollector | null>(null);
  // The 3-D Secure step's address, as this view put it in the history: asked for, then shown (the address changed).
  const step = useRef<'none' | 'asked' | 'shown'>('none');
  const stepRef = useRef(onConfirmStep);
  stepRef.current = onConfirmStep;

  useEffect(() => {
    if (phase === 'confirming') {
      if (step.current === 'none') {
        step.current = 'asked';
        stepRef.current(true);
      } else if (step.current === 'asked' && confirmStep) {
        step.current = 'shown';
      } else if (step.current === 'shown' && !confirmStep) {
        // Back from the 3-D Secure step: the bank's question goes unanswered, which is a failed confirmation.
        step.current = 'none';
        collectorRef.current?.abandonConfirmation?.();
      }
      return;
    }
    const leave = step.current !== 'none' || confirmStep; // settled, or Forward/a reload onto the step with nothing waiting
    step.current = 'none';
    if (leave && confirmStep) stepRef.current(false);
  }, [phase, confirmStep]);

  useEffect(() => {
    // The browser's Back can come before the router has shown the step it leaves (both moves commit as one render):
    // a history move off the step while the bank's question is open is caught here too.
    if (phase !== 'confirming') return;
    const left = () => {
      if (step.current === 'none' || window.location.pathname.endsWith('/confirm')) return;
      step.current = 'none';
      collectorRef.current?.abandonConfirmation?.();
    };
    window.addEventListener('popstate', left);
    return () => window.removeEventListener('popstate', left);
  }, [phase]);

  const submit = (collector: CardCollector) => {
    setError(null);
    collectorRef.current = collector;
    upgrade.mutate(collector, {
      onError: (failure) => {
        setError(errorMessage(failure, 'Failed to create subscription'));
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
              <AlertTitle>Payment Failed</AlertTitle>
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
