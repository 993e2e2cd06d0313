import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { formatPrice, quotaText, slaText, usePublicConfig, type PublicPlan } from '../../config/publicConfig';
import { useAuth } from '../../lib/auth';
import { useAuthDialog } from '../../lib/auth-dialog';
import { paths } from '../../config/paths';

const ctaLabel: Record<string, string> = {
  free: 'Start Free',
  premium: 'Get Premium',
  enterprise: 'Get Enterprise',
};

function PlanCard({ plan, headingLevel }: { plan: PublicPlan; headingLevel: 'h2' | 'h3' }) {
  const { status } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const highlighted = plan.highlighted;
  return (
    <Card
      data-testid={`plan-${plan.id}`}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        overflow: 'visible',
      }}
    >
      {highlighted && (
        <Chip
          label="Most Popular"
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)', fontWeight: 700 }}
        />
      )}
      <CardContent sx={{ p: 3, flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Typography variant="h5" component={headingLevel}>
          {plan.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, my: 2 }}>
          <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
            {formatPrice(plan)}
          </Typography>
          <Typography color="text.secondary">/month</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {quotaText(plan)}
          {plan.burstPerSecond ? ` · fair use up to ${plan.burstPerSecond} requests/second` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {slaText(plan)}
        </Typography>
        <List dense sx={{ flex: 1 }}>
          {plan.features.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 30 }}>
                <CheckIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
        <Button
          variant={highlighted ? 'contained' : 'outlined'}
          size="large"
          fullWidth
          onClick={() => (status === 'authenticated' ? navigate(paths.dashboard.billing) : openAuthDialog('register'))}
        >
          {ctaLabel[plan.id] ?? `Choose ${plan.name}`}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The three plan cards; every number comes from GET /api/config. */
/** The plan cards; `headingLevel` keeps the page's outline (h2 right under the page's h1, h3 inside a titled section). */
export function PricingCards({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { data, isPending, isError } = usePublicConfig();
  if (isError) return <Alert severity="warning">Pricing is unavailable right now. Please try again in a moment.</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'stretch', pt: 1 }}>
      {isPending
        ? [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={420} />)
        : data.plans.map((plan) => <PlanCard key={plan.id} plan={plan} headingLevel={headingLevel} />)}
    </Box>
  );
}
