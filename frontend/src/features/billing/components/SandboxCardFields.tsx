import { Controller, useForm, type Control } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { schemaResolver } from '../../../lib/formSchema';
import { formatCardNumber, formatExpiry, validateCard, type CardFields } from '../card-validation';

export const EMPTY_CARD: CardFields = { name: '', number: '', expiry: '', cvc: '' };

/** The card checks of card-validation, field by field (the name is optional). */
const cardResolver = schemaResolver<CardFields>({
  number: (_v, card) => validateCard(card).number,
  expiry: (_v, card) => validateCard(card).expiry,
  cvc: (_v, card) => validateCard(card).cvc,
});

/** The sandbox card form's state: checked on submit only (the messages stay until the next try, as Stripe's do). */
export function useCardForm() {
  return useForm<CardFields>({ defaultValues: EMPTY_CARD, resolver: cardResolver, reValidateMode: 'onSubmit', shouldFocusError: false });
}

/** The sandbox's card form: MUI fields that play the part of Stripe Elements. */
export function SandboxCardFields({ control, disabled }: { control: Control<CardFields>; disabled?: boolean }) {
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Controller
          name="name"
          control={control}
          render={({ field }) => (
            <TextField
              label="Cardholder name"
              fullWidth
              value={field.value}
              disabled={disabled}
              autoComplete="cc-name"
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          name="number"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              label="Card number"
              fullWidth
              required
              value={field.value}
              disabled={disabled}
              placeholder="4242 4242 4242 4242"
              autoComplete="cc-number"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number' } }}
              onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
              onBlur={field.onBlur}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 7, sm: 6 }}>
        <Controller
          name="expiry"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              label="Expiry (MM / YY)"
              fullWidth
              required
              value={field.value}
              disabled={disabled}
              placeholder="12 / 30"
              autoComplete="cc-exp"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-expiry' } }}
              onChange={(e) => field.onChange(formatExpiry(e.target.value))}
              onBlur={field.onBlur}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 5, sm: 6 }}>
        <Controller
          name="cvc"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              label="CVC"
              fullWidth
              required
              value={field.value}
              disabled={disabled}
              placeholder="123"
              autoComplete="cc-csc"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' } }}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
              onBlur={field.onBlur}
            />
          )}
        />
      </Grid>
    </Grid>
  );
}
