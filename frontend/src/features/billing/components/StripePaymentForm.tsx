import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PaymentFlowError, type CardCollector } from '../upgrade-flow';
import { useColorMode } from '../../../components/ui/color-mode';

const stripePromises = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripePromises.has(key)) stripePromises.set(key, loadStripe(key));
  return stripePromises.get(key)!;
};

interface Props {
  publishableKey: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (collector: CardCollector) => void;
  onCancel: () => void;
}

function CardForm({ submitLabel, busy, onSubmit, onCancel }: Omit<Props, 'publishableKey'>) {
  const { mode: colorMode } = useColorMode();
  const stripe = useStripe();
  const elements = useElements();
  // The card itself is Stripe's CardElement (Stripe checks it); the form holds the optional cardholder name.
  const { register, handleSubmit, getValues } = useForm<{ name: string }>({ defaultValues: { name: '' } });

  const collector: CardCollector = {
    async createPaymentMethod() {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new PaymentFlowError('Card element not found');
      const name = getValues('name');
      const { error, paymentMethod } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: name.trim() ? { name: name.trim() } : undefined,
      });
      if (error || !paymentMethod) throw new PaymentFlowError(error?.message || 'Failed to create payment method');
      return paymentMethod.id;
    },
    async confirmPayment(clientSecret: string) {
      if (!stripe) throw new Error('Stripe.js is not loaded');
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret);
      // Stripe's reason, which the flow puts into 'Payment confirmation failed: …' with what to do next.
      if (error || paymentIntent?.status !== 'succeeded') throw new PaymentFlowError(error?.message ?? '');
    },
  };

  const submit = handleSubmit(() => onSubmit(collector));

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <TextField label="Cardholder name" fullWidth disabled={busy} autoComplete="cc-name" sx={{ mb: 2 }} {...register('name')} />
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.75 }}>
        <CardElement
          options={{ hidePostalCode: true, disabled: busy, style: { base: { fontSize: '16px', color: colorMode === 'dark' ? '#e2e8f0' : '#0f172a' } } }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        Card details go straight to Stripe; this site never sees the card number.
      </Typography>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || !stripe} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {busy ? 'Processing...' : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** Stripe checkout: Elements' card field; 3-D Secure through Stripe.js confirmCardPayment. */
export default function StripePaymentForm({ publishableKey, ...props }: Props) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}
