import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import SpeedIcon from '@mui/icons-material/Speed';
import { BarChart } from '@mui/x-charts/BarChart';
import { StatCard } from '../../../components/dashboard/StatCard';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { zoneLongName } from '../../../lib/time';
import { useRequestStats } from '../api/requests';

const STATUS_SERIES = [
  { field: 'status2xx', label: '2xx', color: '#15803d' },
  { field: 'status3xx', label: '3xx', color: '#0369a1' },
  { field: 'status4xx', label: '4xx', color: '#b45309' },
  { field: 'status5xx', label: '5xx', color: '#b91c1c' },
] as const;

const ms = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${value} ms`);

/** Premium and Enterprise ("Advanced analytics"): latency percentiles and requests per hour or day, stacked by status class. */
export function RequestAnalytics({
  range,
  zone,
  live,
}: {
  range: { from: string; to: string; keyId: string | null; endpoint: string | null };
  zone: string;
  live: boolean;
}) {
  const stats = useRequestStats({ ...range, timeZone: zone }, true, live);
  const s = stats.data;
  const hourly = s?.bucket === 'hour';
  const label = new Intl.DateTimeFormat(
    'en-US',
    hourly ? { hour: 'numeric', minute: '2-digit', timeZone: zone } : { month: 'short', day: 'numeric', timeZone: zone },
  );
  const buckets = s?.buckets ?? [];
  return (
    <Box sx={{ mb: 3 }} data-testid="request-analytics">
      {stats.isError && (
        <LoadError what="the analytics" error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} stale={s !== undefined} />
      )}
      <Grid container spacing={2}>
        {(['p50', 'p95', 'p99'] as const).map((p) => (
          <Grid key={p} size={{ xs: 4 }}>
            <StatCard label={`${p} latency`} value={ms(s?.[p])} icon={<SpeedIcon />} loading={stats.isPending} testId={`latency-${p}`} />
          </Grid>
        ))}
        <Grid size={12}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {hourly ? 'Requests per Hour by Status' : 'Requests per Day by Status'}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" data-testid="analytics-zone">
                {s ? `${formatNumber(s.total)} requests. ` : ''}
                {hourly ? 'Hours' : 'Days'} in your time zone: {zoneLongName(zone)} ({zone})
              </Typography>
              <Box sx={{ width: '100%' }} data-testid="chart-status-stacked">
                <BarChart
                  height={260}
                  xAxis={[{ scaleType: 'band', data: buckets.map((b) => label.format(new Date(b.start))) }]}
                  yAxis={[{ tickMinStep: 1 }]}
                  series={STATUS_SERIES.map((series) => ({
                    data: buckets.map((b) => b[series.field]),
                    label: series.label,
                    color: series.color,
                    stack: 'status',
                  }))}
                  margin={{ left: 0, right: 8 }}
                />
              </Box>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

/** What a Free account sees in place of the analytics. */
export function AnalyticsUpsell() {
  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-testid="analytics-upsell">
      <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Advanced analytics
          </Typography>
          <Typography variant="body2" color="text.secondary">
            p50, p95 and p99 latency and requests stacked by status, hour by hour, come with Premium and Enterprise. The request log is on every plan.
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.dashboard.billing} variant="contained" sx={{ flexShrink: 0 }}>
          Upgrade to Premium
        </Button>
      </CardContent>
    </Card>
  );
}
