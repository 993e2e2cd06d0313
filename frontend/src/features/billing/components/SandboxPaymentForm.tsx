import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError } from '../../../lib/api';
import { confirmSandboxPayment, createSandboxPaymentMethod } from '../api';
import { parseExpiry, type CardFields } from '../card-validation';
import { PaymentFlowError, type CardCollector } from '../upgrade-flow';
import { SandboxCardFields, useCardForm } from './SandboxCardFields';
import { ThreeDSecureDialog } from './ThreeDSecureDialog';

const FIELD_OF: Record<string, keyof CardFields> = { number: 'number', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc', name: 'name' };

/** Sandbox checkout: the MUI card form, the 'Sandbox: no real charges' banner and a 3-D Secure dialog. */
export function SandboxPaymentForm({
  amount,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  amount: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (collector: CardCollector) => void;
  onCancel: () => void;
}) {
  const { control, getValues, setError, handleSubmit } = useCardForm();
  const [confirming, setConfirming] = useState(false);
  const pending = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);

  const collector: CardCollector = {
    async createPaymentMethod() {
      const card = getValues();
      const expiry = parseExpiry(card.expiry)!;
      try {
        const pm = await createSandboxPaymentMethod({
          number: card.number.replace(/\s/g, ''),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: card.cvc,
          name: card.name.trim(),
        });
        return pm.id;
      } catch (error) {
        if (isApiError(error) && error.problem.errors?.length) {
          const placed = new Set<keyof CardFields>();
          for (const e of error.problem.errors) {
            const field = FIELD_OF[e.field] ?? 'number';
            if (placed.has(field)) continue;
            placed.add(field);
            setError(field, { type: 'server', message: e.message });
          }
        }
        throw new PaymentFlowError(errorMessage(error, 'Failed to create payment method'));
      }
    },
    confirmPayment(clientSecret: string) {
      return new Promise<void>((resolve, reject) => {
        pending.current = {
          resolve: () => {
            confirmSandboxPayment(clientSecret).then(() => resolve(), reject);
          },
          reject,
        };
        setConfirming(true);
      });
    },
    abandonConfirmation() {
      settle(false);
    },
  };

  const submit = handleSubmit(() => onSubmit(collector));

  const settle = (approved: boolean) => {
    setConfirming(false);
    const waiting = pending.current;
    pending.current = null;
    if (approved) waiting?.resolve();
    else waiting?.reject(new Error('3-D Secure not completed')); // the flow says it in the spec's words
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="sandbox-banner">
        <strong>Sandbox: no real charges.</strong> Use Stripe's test cards: 4242 4242 4242 4242 succeeds, 4000 0025 0000 3155 asks for 3-D Secure, 4000 0000
        0000 0002 is declined. Any future expiry and any CVC.
      </Alert>
      <SandboxCardFields control={control} disabled={busy} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {busy ? 'Processing...' : submitLabel}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        The card number is checked by this site's sandbox and never stored; only the last four digits are kept.
      </Typography>
      <ThreeDSecureDialog open={confirming} amount={amount} onApprove={() => settle(true)} onFail={() => settle(false)} />
    </Box>
  );
}
