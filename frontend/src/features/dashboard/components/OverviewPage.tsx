import { LoadError } from '../../../components/ui/LoadError';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TodayIcon from '@mui/icons-material/Today';
import TimelineIcon from '@mui/icons-material/Timeline';
import KeyIcon from '@mui/icons-material/VpnKey';
import RocketIcon from '@mui/icons-material/RocketLaunch';
import { paths } from '../../../config/paths';
import { displayName, type User } from '../../../lib/auth';
import { formatPrice, usePublicConfig, type PublicPlan } from '../../../config/publicConfig';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { useApiKeys, type ApiKey } from '../../../lib/api-keys';
import { useCan } from '../../../lib/permissions';
import { useDashboardStats, type DashboardStats } from '../api';
import { formatDate, formatNumber } from '../../../lib/format';
import { limitsInWords } from '@tzapi/shared/plans';
import { StatCard } from '../../../components/dashboard/StatCard';
import { PlanBadge } from './PlanBadge';
import { QuickStart } from './QuickStart';
import { KeyStatusBadge } from '../../../components/dashboard/KeyStatusBadge';
import { EmptyState } from '../../../components/dashboard/EmptyState';

export const RECENT_KEYS_SHOWN = 3;

/** Today's count, big; below it what is left in the rolling hour (an hourly quota), or that the plan has no quota. */
export function todayCard(stats: DashboardStats | undefined) {
  if (!stats) return { value: '—', hint: undefined };
  if (stats.hourlyLimit === null) return { value: formatNumber(stats.todayRequests), hint: 'Unlimited requests on your plan' };
  return {
    value: formatNumber(stats.todayRequests),
    hint: `${formatNumber(stats.hourlyRemaining ?? 0)} of ${formatNumber(stats.hourlyLimit)} remaining this hour`,
  };
}

/** The limits the account's keys run under, in the words Billing and the console use; says so when they were set for this account. */
export function limitsText(limits: DashboardStats['limits'] | undefined): string | null {
  if (!limits) return null;
  return `Your limits: ${limitsInWords(limits)}${limits.custom ? ' (set for this account)' : ''}.`;
}

/** The dashboard's quota banner on the free plan, at the same points as the alert mails: 80% of the hour and all of it. */
export function quotaBanner(stats: DashboardStats | undefined, plan: string, alertsOn: boolean): { severity: 'warning' | 'error'; text: string } | null {
  if (!stats || !alertsOn || plan !== 'free' || stats.hourlyLimit === null || stats.hourlyRemaining === null) return null;
  const limit = stats.hourlyLimit;
  const used = limit - stats.hourlyRemaining;
  if (used >= limit) {
    const minutes = Math.max(1, Math.ceil((stats.hourlyResetSeconds ?? 60) / 60));
    return {
      severity: 'error',
      text: `You have used all ${formatNumber(limit)} requests of your hourly quota. Requests are answered with 429 until older ones leave the rolling hour (the first in about ${minutes} minute${minutes === 1 ? '' : 's'}).`,
    };
  }
  if (used >= Math.ceil(limit * 0.8)) {
    return {
      severity: 'warning',
      text: `You have used ${formatNumber(used)} of your ${formatNumber(limit)} requests this hour (${Math.floor((used / limit) * 100)}%).`,
    };
  }
  return null;
}

/** The next plan up and its button text, from the plans table of /api/config. */
export function upgradeOffer(plan: string, plans: PublicPlan[] | undefined): { text: string; plan: PublicPlan } | null {
  const target = plan === 'free' ? 'premium' : plan === 'premium' ? 'enterprise' : null;
  const next = plans?.find((p) => p.id === target);
  if (!next) return null;
  return { text: `Upgrade to ${next.name} - ${formatPrice(next)}/month`, plan: next };
}

function RecentKeys({ keys, loading, canCreate }: { keys: ApiKey[] | undefined; loading: boolean; canCreate: boolean }) {
  const recent = [...(keys ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_KEYS_SHOWN);
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}>
          <Typography variant="h6" component="h2">
            Recent API Keys
          </Typography>
          <Button component={RouterLink} to={paths.dashboard.apiKeys} size="small">
            Manage keys
          </Button>
        </Box>
        {loading ? (
          <Stack spacing={1}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : recent.length === 0 ? (
          <EmptyState
            icon={<KeyIcon />}
            title="No API Keys Yet"
            testId="recent-keys-empty"
            action={
              canCreate ? (
                <Button component={RouterLink} to={paths.dashboard.apiKeys} variant="contained">
                  Create API Key
                </Button>
              ) : undefined
            }
          >
            {canCreate ? 'Create your first key to start calling the API.' : 'Nobody in this organisation has created a key yet.'}
          </EmptyState>
        ) : (
          <Stack spacing={1} data-testid="recent-keys">
            {recent.map((key) => (
              <Box
                key={key.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{key.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    Created {formatDate(key.createdAt)} ·{' '}
                    <Box component="code" sx={{ fontSize: 12 }}>
                      {key.keyPrefix}…
                    </Box>
                  </Typography>
                </Box>
                <KeyStatusBadge active={key.isActive} />
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export function OverviewPage({ user }: { user: User }) {
  usePageMeta('Dashboard', 'Your TimeZone API dashboard.');
  const stats = useDashboardStats();
  const can = useCan();
  const keys = useApiKeys(can('keys.read'));
  const config = usePublicConfig();
  const plan = stats.data?.plan ?? user.plan ?? 'free';
  const today = todayCard(stats.data);
  const limits = limitsText(stats.data?.limits);
  const offer = can('billing.write') ? upgradeOffer(plan, config.data?.plans) : null;
  const banner = quotaBanner(stats.data, plan, user.quotaAlerts !== false);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="h4" component="h1" data-testid="dashboard-heading" sx={{ overflowWrap: 'anywhere' }}>
          Welcome back, {displayName(user)}!
        </Typography>
        <PlanBadge plan={plan} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: limits ? 0.5 : 3 }}>
        Here is what is happening with your API today.
      </Typography>
      {limits && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="account-limits">
          {limits}
        </Typography>
      )}

      {banner && (
        <Alert severity={banner.severity} sx={{ mb: 2 }} data-testid="quota-banner">
          {banner.text}
        </Alert>
      )}

      {stats.isError && (
        <LoadError what="your statistics" error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} stale={stats.data !== undefined} />
      )}
      {keys.isError && (
        <LoadError what="your API keys" error={keys.error} onRetry={() => keys.refetch()} retrying={keys.isFetching} stale={keys.data !== undefined} />
      )}

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard label="Today's Requests" value={today.value} hint={today.hint} icon={<TodayIcon />} loading={stats.isPending} testId="today-requests" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard
            label="Total Requests"
            value={formatNumber(stats.data?.totalRequests)}
            hint="All time"
            icon={<TimelineIcon />}
            loading={stats.isPending}
            testId="total-requests"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard
            label="Active API Keys"
            value={formatNumber(stats.data?.activeKeys)}
            hint={`${formatNumber(stats.data?.totalKeys)} total`}
            icon={<KeyIcon />}
            loading={stats.isPending}
            testId="active-keys"
          />
        </Grid>
      </Grid>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <QuickStart stats={stats.data} />
          {offer && (
            <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }} data-testid="upgrade-card">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <RocketIcon sx={{ fontSize: 40 }} />
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography variant="h6" component="h2">
                    {offer.plan.id === 'premium' ? 'Need more requests?' : 'Ready for enterprise scale?'}
                  </Typography>
                  <Typography variant="body2" sx={{ opacity: 0.9 }}>
                    {offer.plan.features.slice(0, 3).join(' · ')}
                  </Typography>
                </Box>
                <Button
                  component={RouterLink}
                  to={paths.dashboard.billing}
                  variant="contained"
                  color="inherit"
                  sx={{ color: 'primary.main', bgcolor: 'background.paper' }}
                >
                  {offer.text}
                </Button>
              </CardContent>
            </Card>
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>{can('keys.read') && <RecentKeys keys={keys.data} loading={keys.isPending} canCreate={can('keys.write')} />}</Grid>
      </Grid>
    </Box>
  );
}
