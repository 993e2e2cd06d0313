import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import SpeedIcon from '@mui/icons-material/Speed';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { StatCard } from '../../../components/dashboard/StatCard';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/paths';
import { formatDuration, formatInstant, formatNumber, knownZone, zoneLongName } from '../../../lib/time';
import { useRequestStats } from '../api/requests';

const STATUS_SERIES = [
  { field: 'status2xx', label: '2xx', color: '#15803d' },
  { field: 'status3xx', label: '3xx', color: '#0369a1' },
  { field: 'status4xx', label: '4xx', color: '#b45309' },
  { field: 'status5xx', label: '5xx', color: '#b91c1c' },
] as const;

const PERCENTILES = [
  { field: 'p50', label: 'p50', color: '#1d4ed8' },
  { field: 'p95', label: 'p95', color: '#b45309' },
  { field: 'p99', label: 'p99', color: '#b91c1c' },
] as const;

/** Premium and Enterprise ("Advanced analytics"): latency percentiles and requests per hour or day, stacked by status class. */
export function RequestAnalytics({
  range,
  zone,
  live,
  caption,
  onSelect,
}: {
  range: { from: string; to: string; keyId: string | null; endpoint: string | null };
  zone: string;
  live: boolean;
  /** Says what the chart shows when it is not the filters' range (the day of a request found by id). */
  caption?: string;
  /** A bar was clicked: show the requests of its bucket (and of its status class). */
  onSelect?: (from: string, to: string, status: string | null) => void;
}) {
  const stats = useRequestStats({ ...range, timeZone: zone }, true, live);
  const s = stats.data;
  const hourly = s?.bucket === 'hour';
  const label = new Intl.DateTimeFormat(
    undefined,
    hourly ? { hour: 'numeric', minute: '2-digit', timeZone: knownZone(zone) } : { month: 'short', day: 'numeric', timeZone: knownZone(zone) },
  );
  const buckets = s?.buckets ?? [];
  const keys = buckets.map((b) => b.start);
  // Axis ticks are short; a tooltip names the day and the zone ('Nov 29, 2026, 9:00 PM GMT+5:30').
  const axis = {
    scaleType: 'band' as const,
    data: keys,
    valueFormatter: (key: string, context: { location: string }) =>
      context.location === 'tooltip' ? (hourly ? formatInstant(key, zone) : `${formatInstant(key, zone, 'date')}`) : label.format(new Date(key)),
  };
  const select = (dataIndex: number | undefined, seriesId: string | number | undefined) => {
    if (dataIndex === undefined || !onSelect) return;
    const end = keys[dataIndex + 1] ?? s?.to ?? range.to;
    const series = STATUS_SERIES.find((x) => x.field === seriesId);
    onSelect(keys[dataIndex], end, series ? series.label : null);
  };
  return (
    <Box sx={{ mb: 3 }} data-testid="request-analytics">
      {stats.isError && (
        <LoadError what="the analytics" error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} stale={s !== undefined} />
      )}
      <Grid container spacing={2}>
        {(['p50', 'p95', 'p99'] as const).map((p) => (
          <Grid key={p} size={{ xs: 4 }}>
            <StatCard label={`${p} latency`} value={formatDuration(s?.[p])} icon={<SpeedIcon />} loading={stats.isPending} testId={`latency-${p}`} />
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
                {caption ? `${caption} ` : ''}
                {hourly ? 'Hours' : 'Days from midnight'} in {zoneLongName(zone)} ({zone}). Click a bar to see its requests.
              </Typography>
              <Box sx={{ width: '100%' }} data-testid="chart-status-stacked">
                <BarChart
                  height={260}
                  xAxis={[axis]}
                  yAxis={[{ tickMinStep: 1 }]}
                  onItemClick={(_event, item) => select(item.dataIndex, item.seriesId)}
                  series={STATUS_SERIES.map((series) => ({
                    id: series.field,
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
        <Grid size={12}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                Latency percentiles over time
              </Typography>
              <Box sx={{ width: '100%' }} data-testid="chart-percentiles">
                <LineChart
                  height={220}
                  xAxis={[{ ...axis, scaleType: 'point' as const }]}
                  yAxis={[{ valueFormatter: (v: number) => formatDuration(v) }]}
                  series={PERCENTILES.map((p) => ({
                    data: buckets.map((b) => b[p.field]),
                    label: p.label,
                    color: p.color,
                    connectNulls: true,
                    showMark: false,
                    valueFormatter: (v: number | null) => formatDuration(v),
                  }))}
                  margin={{ left: 8, right: 8 }}
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
