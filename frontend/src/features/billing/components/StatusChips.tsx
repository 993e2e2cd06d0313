import Chip from '@mui/material/Chip';

const PLAN_COLORS = { free: 'default', premium: 'primary', enterprise: 'secondary' } as const;

export function CurrentPlanBadge({ plan }: { plan: string | null | undefined }) {
  const id = (plan || 'free') as keyof typeof PLAN_COLORS;
  return (
    <Chip
      color={PLAN_COLORS[id] ?? 'default'}
      label={`${id.charAt(0).toUpperCase()}${id.slice(1)}`}
      data-testid="billing-plan-badge"
      sx={{ fontWeight: 700 }}
    />
  );
}

/** Spec 4: 'Active' in green, any other status in its own words in yellow. */
export function SubscriptionStatusChip({ status }: { status: string }) {
  const active = status === 'active';
  const text = active ? 'Active' : status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return <Chip size="small" color={active ? 'success' : 'warning'} label={text} data-testid="subscription-status" />;
}

/** Spec 4: paid green, pending yellow, anything else red. */
export function InvoiceStatusChip({ status }: { status: string }) {
  const color = status === 'paid' ? 'success' : status === 'pending' ? 'warning' : 'error';
  return <Chip size="small" variant="outlined" color={color} label={status.charAt(0).toUpperCase() + status.slice(1)} />;
}
