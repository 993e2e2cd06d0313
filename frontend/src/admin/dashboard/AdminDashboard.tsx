import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/People';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import KeyIcon from '@mui/icons-material/VpnKey';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import PaidIcon from '@mui/icons-material/Paid';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminDataProvider, AdminOverview } from '../dataProvider';
import { formatNumber, planName } from '../../lib/format';
import { useDisplayZone, useFormatInstant, zoneLongName } from '../../lib/time';
import { EmptyList } from '../EmptyList';

export const adminStatsQueryKey = ['admin', 'stats'] as const;
export const adminOverviewQueryKey = ['admin', 'overview'] as const;

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(amount);

function TextCard({ title, caption, value, icon, testId }: { title: string; caption: ReactNode; value: string | undefined; icon: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" color="text.secondary" component="h3">
            {title}
          </Typography>
          <Box sx={{ color: 'primary.main' }}>{icon}</Box>
        </Box>
        <Typography variant="h4" component="p" sx={{ mt: 1 }} data-testid={`${testId}-value`}>
          {value === undefined ? <Skeleton width={80} /> : value}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {caption}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Signups per day of the display zone over the last 30 days. */
export function SignupsChart({ overview }: { overview: AdminOverview }) {
  const first = overview.signupsPerDay[0]?.date;
  const last = overview.signupsPerDay[overview.signupsPerDay.length - 1]?.date;
  const label = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <Card data-testid="overview-signups" component="section" aria-labelledby="overview-signups-title">
      <CardContent>
        <Typography variant="h6" component="h3" id="overview-signups-title">
          Signups per Day
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          Last 30 days, days from midnight in {zoneLongName(overview.timeZone)} ({overview.timeZone}):{' '}
          <span data-testid="overview-signups-total">{formatNumber(overview.signupsTotal)}</span> new accounts
        </Typography>
        {overview.signupsTotal === 0 ? (
          <EmptyList text="No signups in the last 30 days." />
        ) : (
          <Box sx={{ width: '100%' }} role="img" aria-label={`Signups per day from ${first} to ${last} (${overview.timeZone})`}>
            <BarChart
              height={200}
              xAxis={[{ scaleType: 'band', data: overview.signupsPerDay.map((d) => d.date), valueFormatter: label }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[{ data: overview.signupsPerDay.map((d) => d.count), label: 'Signups', color: '#1d4ed8' }]}
              hideLegend
              margin={{ left: 0, right: 8 }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Signups, paid accounts, MRR and the error rate (GET /api/admin/overview). */
export function OverviewNumbers() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { zone } = useDisplayZone();
  const { data, isError, refetch } = useQuery({ queryKey: [...adminOverviewQueryKey, zone], queryFn: () => dataProvider.getOverview(zone), retry: false });
  const when = useFormatInstant();
  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the overview.
      </Alert>
    );
  }
  const rate = data?.errorRate;
  const mrrCaption = data?.mrr.perPlan.length
    ? data.mrr.perPlan.map((p) => `${planName(p.plan)}: ${p.subscriptions} × ${money(p.amount / p.subscriptions, data.mrr.currency)}`).join(' · ')
    : 'no paid subscriptions';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <TextCard
          testId="overview-paid"
          title="Paid Accounts"
          caption="with an active or trialing subscription; granted plans not counted"
          value={data ? formatNumber(data.paidAccounts) : undefined}
          icon={<PaidIcon />}
        />
        <TextCard
          testId="overview-mrr"
          title="MRR"
          caption={mrrCaption}
          value={data ? money(data.mrr.amount, data.mrr.currency) : undefined}
          icon={<AccountBalanceIcon />}
        />
        <TextCard
          testId="overview-errors"
          title="API Error Rate"
          caption={
            rate ? (
              <>
                {formatNumber(rate.clientErrors)} × 4xx, {formatNumber(rate.serverErrors)} × 5xx of {formatNumber(rate.requests)}{' '}
                {rate.requests === 1 ? 'request' : 'requests'}, {when(rate.from)} to {when(rate.to)}
              </>
            ) : (
              'last 24 hours'
            )
          }
          value={rate ? `${rate.serverErrorPercent}% 5xx · ${rate.clientErrorPercent}% 4xx` : undefined}
          icon={<ErrorOutlineIcon />}
        />
      </Box>
      {data ? <SignupsChart overview={data} /> : <Skeleton variant="rectangular" height={200} />}
    </Box>
  );
}

function StatCard({ title, caption, value, icon, testId }: { title: string; caption: string; value: number | undefined; icon: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" color="text.secondary">
            {title}
          </Typography>
          <Box sx={{ color: 'primary.main' }}>{icon}</Box>
        </Box>
        <Typography variant="h4" component="p" sx={{ mt: 1 }}>
          {value === undefined ? <Skeleton width={80} /> : value.toLocaleString('en-US')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Stat cards of the admin console (spec: Admin console). */
export function AdminDashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isError } = useQuery({ queryKey: adminStatsQueryKey, queryFn: () => dataProvider.getStats(), retry: false });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Admin Console" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Overview
      </Typography>
      {isError && (
        <Typography color="error" sx={{ mb: 2 }}>
          Could not load the statistics.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <StatCard testId="stat-users" title="Total Users" caption="registered accounts" value={data?.totalUsers} icon={<PeopleIcon />} />
        <StatCard testId="stat-requests" title="Total Requests" caption="API calls made" value={data?.totalRequests} icon={<QueryStatsIcon />} />
        <StatCard testId="stat-keys" title="Total API Keys" caption="active keys" value={data?.totalApiKeys} icon={<KeyIcon />} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <OverviewNumbers />
      </Box>
    </Box>
  );
}
