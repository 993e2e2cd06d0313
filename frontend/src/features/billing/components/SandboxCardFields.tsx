import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { formatCardNumber, formatExpiry, type CardFieldErrors, type CardFields } from '../card-validation';

export const EMPTY_CARD: CardFields = { name: '', number: '', expiry: '', cvc: '' };

/** The sandbox's card form: MUI fields that play the part of Stripe Elements. */
export function SandboxCardFields({ value, errors, disabled, onChange }: { value: CardFields; errors: CardFieldErrors; disabled?: boolean; onChange: (next: CardFields) => void }) {
  const set = (field: keyof CardFields, text: string) => onChange({ ...value, [field]: text });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField label="Cardholder name" fullWidth value={value.name} disabled={disabled} autoComplete="cc-name" onChange={(e) => set('name', e.target.value)} />
      </Grid>
      <Grid size={12}>
        <TextField
          label="Card number"
          fullWidth
          required
          value={value.number}
          disabled={disabled}
          placeholder="4242 4242 4242 4242"
          autoComplete="cc-number"
          error={Boolean(errors.number)}
          helperText={errors.number}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number' } }}
          onChange={(e) => set('number', formatCardNumber(e.target.value))}
        />
      </Grid>
      <Grid size={{ xs: 7, sm: 6 }}>
        <TextField
          label="Expiry (MM / YY)"
          fullWidth
          required
          value={value.expiry}
          disabled={disabled}
          placeholder="12 / 30"
          autoComplete="cc-exp"
          error={Boolean(errors.expiry)}
          helperText={errors.expiry}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-expiry' } }}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
        />
      </Grid>
      <Grid size={{ xs: 5, sm: 6 }}>
        <TextField
          label="CVC"
          fullWidth
          required
          value={value.cvc}
          disabled={disabled}
          placeholder="123"
          autoComplete="cc-csc"
          error={Boolean(errors.cvc)}
          helperText={errors.cvc}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' } }}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </Grid>
    </Grid>
  );
}
