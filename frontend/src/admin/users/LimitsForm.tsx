import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountLimits, AdminDataProvider, AdminUser, CustomLimits } from '../dataProvider';
import { problemMessage } from '../../lib/api';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { CUSTOM_LIMIT_BOUNDS, limitsInWords } from '@tzapi/shared/plans';

/** The server's own bounds (it checks them again). */
export const LIMIT_BOUNDS = { hourlyQuota: CUSTOM_LIMIT_BOUNDS.hourlyQuota.max, burstPerSecond: CUSTOM_LIMIT_BOUNDS.burstPerSecond.max } as const;

type LimitField = keyof typeof LIMIT_BOUNDS;
type LimitValues = Record<LimitField, string>;

const number = (n: number) => n.toLocaleString('en-US');

/** The limits an account runs under, in the words the customer's dashboard uses, and whose they are. */
export function describeLimits(limits: AccountLimits): string {
  return `${limitsInWords(limits)} (${limits.custom ? 'set for this account' : "the plan's"})`;
}

/** Empty means the plan's default (null); anything else must be a whole number within the bounds. */
function limit(field: LimitField) {
  return z
    .string()
    .refine((value) => value.trim() === '' || /^\d+$/.test(value.trim()), 'A whole number of 0 or more, or empty for the plan default')
    .refine((value) => value.trim() === '' || !/^\d+$/.test(value.trim()) || Number(value) <= LIMIT_BOUNDS[field], `At most ${number(LIMIT_BOUNDS[field])}`);
}

const limitsSchema = z.object({ hourlyQuota: limit('hourlyQuota'), burstPerSecond: limit('burstPerSecond') }) satisfies z.ZodType<LimitValues>;

export function toCustomLimits(values: LimitValues): CustomLimits {
  const read = (v: string) => (v.trim() === '' ? null : Number(v));
  return { hourlyQuota: read(values.hourlyQuota), burstPerSecond: read(values.burstPerSecond) };
}

/** Negotiated limits of one account (enterprise contracts): empty fields keep the plan's default. One form, one submit. */
export function LimitsForm({ user, onSaved }: { user: AdminUser; onSaved?: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const { register, handleSubmit, formState } = useForm<LimitValues>({
    defaultValues: {
      hourlyQuota: user.customLimits.hourlyQuota === null ? '' : String(user.customLimits.hourlyQuota),
      burstPerSecond: user.customLimits.burstPerSecond === null ? '' : String(user.customLimits.burstPerSecond),
    },
    resolver: zodResolver(limitsSchema),
  });
  const { errors } = formState;
  const mutation = useMutation({
    mutationFn: (limits: CustomLimits) => dataProvider.setLimits(user.id, limits),
    onSuccess: ({ data }) => {
      notify(`Limits saved: ${describeLimits(data)}`, { type: 'success' });
      refresh();
      onSaved?.();
    },
    onError: (error) => {
      notify(problemMessage(error) ?? 'Failed to update user limits', { type: 'error' });
    },
  });
  const field = (name: LimitField, label: string) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      placeholder="Plan default"
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label } }}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? "Empty for the plan's default"}
      {...register(name)}
    />
  );
  return (
    <Box
      component="form"
      aria-label="Limits"
      noValidate
      onSubmit={handleSubmit((values) => mutation.mutate(toCustomLimits(values)))}
      sx={{ mt: 3 }}
      data-testid="limits-form"
    >
      <Typography variant="subtitle2">Limits</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="effective-limits">
        Now: {describeLimits(user.limits)}
      </Typography>
      <Stack spacing={1.5}>
        {field('hourlyQuota', 'Requests per hour')}
        {field('burstPerSecond', 'Requests per second')}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
        <Button
          type="submit"
          variant="outlined"
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          Save Limits
        </Button>
      </Box>
    </Box>
  );
}
