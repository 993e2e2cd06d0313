import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SupportIcon from '@mui/icons-material/SupportAgent';
import { paths } from '../../../config/paths';
import { limitsInWords, type EffectiveLimits } from '@tzapi/shared/plans';
import { formatPrice, quotaText, type PublicPlan } from '../../../config/publicConfig';
import type { BillingHistoryItem, Subscription } from '../api';
import { formatDate, planName } from '../../../lib/format';
import { BillingHistoryCard, type HistoryFailure } from './BillingHistoryCard';
import { CurrentPlanBadge, SubscriptionStatusChip } from './StatusChips';
import { useCan } from '../../../lib/permissions';

interface Props {
  plan: string;
  /** The paid plan was granted by TimeZone API: no subscription pays for it. */
  granted: boolean;
  /** The limits the account runs under (/api/me): when set for this account, they replace the plan's in the text. */
  limits?: EffectiveLimits;
  planInfo: PublicPlan | undefined;
  subscription: Subscription | null | undefined;
  subscriptionLoading: boolean;
  history: BillingHistoryItem[] | undefined;
  historyLoading: boolean;
  historyError: HistoryFailure | null;
  portalBusy: boolean;
  onUpgrade: () => void;
  onStartSubscription: () => void;
  onManageBilling: () => void;
  onUpgradeToEnterprise: () => void;
}

/** The plan in one line; limits set for this account replace the plan's quota in it, so Billing never says "unlimited" when they are not. */
export function planDescription(plan: PublicPlan | undefined, limits?: EffectiveLimits): string {
  if (!plan) return '';
  const quota = limits?.custom ? `${limitsInWords(limits)} (set for this account)` : quotaText(plan).toLowerCase();
  if (plan.priceMonthly === 0) return `${quota.charAt(0).toUpperCase()}${quota.slice(1)}, all endpoints, community support. No credit card needed.`;
  return `${formatPrice(plan)}/month: ${quota}${plan.sla ? `, ${plan.sla}% uptime SLA` : ''}, ${plan.features.slice(1, 2).join('').toLowerCase() || 'priority support'}.`;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600, mt: 0.25, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function BillingDashboard(props: Props) {
  const { plan, planInfo, subscription } = props;
  // A viewer reads the plan and invoices; changing them needs billing.write (owners and billing members).
  const canWrite = useCan()('billing.write');
  const paid = plan !== 'free';
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h2">
                  Current Plan
                </Typography>
                <CurrentPlanBadge plan={plan} />
              </Stack>
              <Typography color="text.secondary" data-testid="plan-description">
                {planDescription(planInfo, props.limits)}
              </Typography>
              {props.granted && (
                <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="plan-granted">
                  Plan granted by TimeZone API
                </Typography>
              )}
              {paid && props.subscriptionLoading && <Skeleton width={220} sx={{ mt: 1 }} />}
              {paid && subscription && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="body2">
                    {subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} <strong>{formatDate(subscription.currentPeriodEnd)}</strong>
                  </Typography>
                  <SubscriptionStatusChip status={subscription.status} />
                </Stack>
              )}
            </Box>
            {canWrite && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexShrink: 0 }}>
                {!paid && (
                  <Button variant="contained" onClick={props.onUpgrade}>
                    Upgrade Plan
                  </Button>
                )}
                {plan === 'premium' && (
                  <Button variant="contained" onClick={props.onUpgradeToEnterprise}>
                    Upgrade to Enterprise
                  </Button>
                )}
                {paid && (
                  <Button variant="outlined" onClick={props.onUpgrade}>
                    View Plans
                  </Button>
                )}
                {paid && (
                  <Button
                    variant="outlined"
                    onClick={props.onManageBilling}
                    disabled={props.portalBusy}
                    startIcon={props.portalBusy ? <CircularProgress size={18} /> : undefined}
                  >
                    Manage Billing
                  </Button>
                )}
              </Stack>
            )}
          </Box>
        </CardContent>
      </Card>

      {paid && (
        <Card data-testid="subscription-details">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Subscription Details
            </Typography>
            {props.subscriptionLoading && <Skeleton variant="rounded" height={80} />}
            {!props.subscriptionLoading && !subscription && (
              <Alert
                severity="info"
                action={
                  props.granted && canWrite ? (
                    <Button color="inherit" size="small" onClick={props.onStartSubscription} sx={{ whiteSpace: 'nowrap' }}>
                      Start Subscription
                    </Button>
                  ) : undefined
                }
              >
                {props.granted
                  ? 'TimeZone API granted you this plan: nothing is charged and no card is on file. Start a subscription to pay for it yourself, or upgrade from View Plans.'
                  : 'No card subscription is attached to this plan. Contact support for billing questions.'}
              </Alert>
            )}
            {subscription && (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Detail label="Plan">{planName(subscription.plan)}</Detail>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Detail label="Status">
                    <SubscriptionStatusChip status={subscription.status} />
                  </Detail>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Detail label="Current Period">
                    {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
                  </Detail>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <Detail label="Auto Renewal">
                    <Box component="span" sx={{ color: subscription.cancelAtPeriodEnd ? 'warning.main' : 'success.main' }} data-testid="auto-renewal">
                      {subscription.cancelAtPeriodEnd ? 'Disabled (Canceling)' : 'Enabled'}
                    </Box>
                  </Detail>
                </Grid>
                <Grid size={12}>
                  <Detail label="Subscription ID">
                    <Box component="code" sx={{ fontSize: '0.85rem' }}>
                      {subscription.stripeSubscriptionId}
                    </Box>
                  </Detail>
                </Grid>
              </Grid>
            )}
          </CardContent>
        </Card>
      )}

      <BillingHistoryCard items={props.history} loading={props.historyLoading} error={props.historyError} />

      <Card>
        <CardContent
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <SupportIcon color="primary" sx={{ fontSize: 36 }} />
            <Box>
              <Typography variant="h6" component="h2">
                Need Help?
              </Typography>
              <Typography color="text.secondary">Questions about invoices, payments or plans? Our team answers within 24 hours.</Typography>
            </Box>
          </Stack>
          <Button component={RouterLink} to={paths.support} variant="outlined" sx={{ flexShrink: 0 }}>
            Contact Support
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
