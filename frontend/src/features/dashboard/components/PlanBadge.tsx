import Chip from '@mui/material/Chip';

const colors = { free: 'default', premium: 'primary', enterprise: 'secondary' } as const;

export function PlanBadge({ plan }: { plan: string | null | undefined }) {
  const id = (plan || 'free') as keyof typeof colors;
  const label = id.charAt(0).toUpperCase() + id.slice(1);
  return <Chip size="small" color={colors[id] ?? 'default'} label={`${label} plan`} data-testid="plan-badge" />;
}
