import { Controller, useForm, type Control } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { formatCardNumber, formatExpiry, validateCard, type CardFields } from '../card-validation';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';

export const EMPTY_CARD: CardFields = { name: '', number: '', expiry: '', cvc: '' };

/** The card checks of card-validation (the server's rules, @tzapi/shared/cards), field by field; the name is optional. */
const cardSchema = z.object({ name: z.string(), number: z.string(), expiry: z.string(), cvc: z.string() }).superRefine((card, ctx) => {
  for (const [field, message] of Object.entries(validateCard(card))) ctx.addIssue({ code: 'custom', path: [field], message });
}) satisfies z.ZodType<CardFields>;
const cardResolver = zodResolver(cardSchema);

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
        <RequiredCardField
          {...{ control, disabled }}
          name="number"
          label="Card number"
          placeholder="4242 4242 4242 4242"
          autoComplete="cc-number"
          testId="card-number"
          format={formatCardNumber}
        />
      </Grid>
      <Grid size={{ xs: 7, sm: 6 }}>
        <RequiredCardField
          {...{ control, disabled }}
          name="expiry"
          label="Expiry (MM / YY)"
          placeholder="12 / 30"
          autoComplete="cc-exp"
          testId="card-expiry"
          format={formatExpiry}
        />
      </Grid>
      <Grid size={{ xs: 5, sm: 6 }}>
        <RequiredCardField
          {...{ control, disabled }}
          name="cvc"
          label="CVC"
          placeholder="123"
          autoComplete="cc-csc"
          testId="card-cvc"
          maxLength={4}
          format={(value) => value.replace(/\D/g, '').slice(0, 4)}
        />
      </Grid>
    </Grid>
  );
}

/** One of the card's required, numeric fields: its message under it, its text reformatted as the customer types. */
function RequiredCardField({
  control,
  disabled,
  name,
  label,
  placeholder,
  autoComplete,
  testId,
  maxLength,
  format,
}: {
  control: Control<CardFields>;
  disabled?: boolean;
  name: 'number' | 'expiry' | 'cvc';
  label: string;
  placeholder: string;
  autoComplete: string;
  testId: string;
  maxLength?: number;
  format: (value: string) => string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          fullWidth
          required
          value={field.value}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength, 'data-testid': testId } }}
          onChange={(e) => field.onChange(format(e.target.value))}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
