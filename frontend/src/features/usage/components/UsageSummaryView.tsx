import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import TimelineIcon from '@mui/icons-material/Timeline';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import TodayIcon from '@mui/icons-material/Today';
import InsightsIcon from '@mui/icons-material/Insights';
import { methodTextSx, monoFont } from '../../../theme';
import { paths } from '../../../config/paths';
import { CodeBlock } from '../../../components/ui/CodeBlock';
import { StatCard } from '../../../components/dashboard/StatCard';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { formatDuration, formatInstant, formatNumber, knownZone, zoneAbbreviation, zoneLongName } from '../../../lib/time';
import type { UsageRecord, UsageSummary } from '../api';

export const TOP_ENDPOINTS_SHOWN = 5;
export const RECENT_REQUESTS_SHOWN = 10;

/** The bars of the chart: the server's local days (each from its midnight in the display zone), or for "Last Day" its local hours. */
export function chartBars(
  summary: Pick<UsageSummary, 'perHour' | 'perDay'>,
  rangeDays: number | undefined,
  zone: string,
): { hourly: boolean; bars: { key: string; label: string; tooltip: string; count: number }[] } {
  const hourly = rangeDays === 1 && summary.perHour.length > 0;
  const bars = hourly
    ? summary.perHour.map((h) => ({ key: h.hour, label: hourLabel(h.hour, zone), tooltip: formatInstant(h.hour, zone, 'minute'), count: h.count }))
    : summary.perDay.map((d) => ({
        key: d.start,
        label: dayLabel(d.start, zone),
        tooltip: `${formatInstant(d.start, zone, 'date')} (${zoneAbbreviation(zone, d.start)})`,
        count: d.count,
      }));
  return { hourly, bars };
}

/** An hour's start on the viewer's clock ('14:30' in a zone half an hour off UTC). */
const hourLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: knownZone(timeZone) }).format(new Date(iso));

const dayLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: knownZone(timeZone) }).format(new Date(iso));

export function statusColor(code: number): 'success' | 'warning' | 'error' | 'default' {
  if (code >= 200 && code < 300) return 'success';
  if (code >= 400 && code < 500) return 'warning';
  if (code >= 500) return 'error';
  return 'default';
}

/** One colour per status code in the donut and its legend: the common ones fixed, others from a spare palette. */
const statusCodeColors: Record<number, string> = {
  200: '#15803d',
  201: '#22c55e',
  204: '#4ade80',
  400: '#d97706',
  401: '#7c3aed',
  403: '#db2777',
  404: '#64748b',
  409: '#0891b2',
  422: '#ca8a04',
  429: '#ea580c',
  500: '#b91c1c',
  502: '#7f1d1d',
  503: '#991b1b',
};
const sparePalette = ['#2563eb', '#0d9488', '#a16207', '#9333ea', '#be123c', '#4d7c0f', '#0369a1', '#c2410c'];

/** Distinct colours for the given status codes (no two codes of the list share one). */
export function statusCodePalette(codes: number[]): Map<number, string> {
  const out = new Map<number, string>();
  const used = new Set<string>();
  for (const code of codes) {
    const fixed = statusCodeColors[code];
    if (fixed && !used.has(fixed)) {
      out.set(code, fixed);
      used.add(fixed);
    }
  }
  let spare = 0;
  for (const code of codes) {
    if (out.has(code)) continue;
    let color = sparePalette.find((c) => !used.has(c));
    if (!color) color = `hsl(${(spare++ * 47) % 360} 65% 42%)`;
    out.set(code, color);
    used.add(color);
  }
  return out;
}

/** The success rate, or '–' when there were no requests to rate. */
export function successRateText(summary: Pick<UsageSummary, 'totalRequests' | 'successRate'>): string {
  return summary.totalRequests > 0 ? `${(summary.successRate ?? 0).toFixed(1)}%` : '–';
}

/** The copy-paste call shown when there is nothing to draw yet. */
export function curlHint(keyPrefix: string | null, origin: string): string {
  const key = keyPrefix ? `${keyPrefix}…` : 'YOUR_API_KEY';
  return `curl -H "X-API-Key: ${key}" "${origin}/api/time/current?timezone=Europe/London"`;
}

function UsageEmptyHint({ keyPrefix, origin, filtered }: { keyPrefix: string | null; origin: string; filtered: boolean }) {
  return (
    <EmptyState icon={<InsightsIcon />} title={filtered ? 'No requests in this range' : 'No API usage yet'} testId="usage-empty">
      <Typography sx={{ mb: 2 }}>
        {keyPrefix
          ? 'Call the API with your key and the requests show up here. Paste your full key (Copy on the API Keys page) in place of the shortened one:'
          : 'Create an API key, then call the API with it; the requests show up here:'}
      </Typography>
      <Box sx={{ textAlign: 'left' }}>
        <CodeBlock code={curlHint(keyPrefix, origin)} label="curl" />
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        The key also works as{' '}
        <Box component="code" sx={{ fontFamily: monoFont }}>
          Authorization: Bearer &lt;key&gt;
        </Box>
        .
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
        {!keyPrefix && (
          <Button component={RouterLink} to={paths.dashboard.apiKeys} variant="contained">
            Create API Key
          </Button>
        )}
        <Button component={RouterLink} to={paths.dashboard.docs} variant={keyPrefix ? 'contained' : 'outlined'}>
          Try it in the Playground
        </Button>
      </Stack>
    </EmptyState>
  );
}

export function UsageSummaryView({
  summary,
  keyPrefix,
  origin = typeof window !== 'undefined' ? window.location.origin : '',
  filtered = false,
  rangeDays,
  zone = summary.timeZone,
  onOpenRequest,
  onStatusClick,
}: {
  summary: UsageSummary;
  keyPrefix: string | null;
  origin?: string;
  filtered?: boolean;
  /** The days the page asked for ("Last 7 Days": 7): one bar each, ending today. */
  rangeDays?: number;
  /** The display zone the summary was counted in. */
  zone?: string;
  /** A recent request was clicked: open it in the request drawer. */
  onOpenRequest?: (record: UsageRecord) => void;
  /** A donut slice or status chip was clicked: show those requests. */
  onStatusClick?: (statusCode: number) => void;
}) {
  const top = summary.topEndpoints.slice(0, TOP_ENDPOINTS_SHOWN);
  const topMax = Math.max(1, ...top.map((t) => t.count));
  const recent = summary.recent.slice(0, RECENT_REQUESTS_SHOWN);
  const empty = summary.totalRequests === 0;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const palette = statusCodePalette(summary.statusCodes.map((s) => s.statusCode));
  const { hourly, bars } = chartBars(summary, rangeDays, zone);
  const labelOf = new Map(bars.map((b) => [b.key, b]));

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Total Requests" value={formatNumber(summary.totalRequests)} icon={<TimelineIcon />} testId="usage-total" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Success Rate" value={successRateText(summary)} icon={<CheckCircleIcon />} testId="usage-success" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Avg Response Time" value={formatDuration(summary.averageResponseTime)} icon={<SpeedIcon />} testId="usage-avg" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Today's Usage" value={formatNumber(summary.todayRequests)} icon={<TodayIcon />} testId="usage-today" />
        </Grid>
      </Grid>

      {empty ? (
        <UsageEmptyHint keyPrefix={keyPrefix} origin={origin} filtered={filtered} />
      ) : (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 8 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {hourly ? 'Requests per Hour' : 'Requests per Day'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" data-testid="chart-zone">
                    {hourly ? 'Hours' : 'Days from midnight'} in {zoneLongName(zone)} ({zone}). {formatInstant(summary.range.start, zone)} to{' '}
                    {formatInstant(summary.range.end, zone)}.
                  </Typography>
                  <Box data-testid={hourly ? 'chart-per-hour' : 'chart-per-day'} sx={{ width: '100%' }}>
                    <BarChart
                      height={280}
                      xAxis={[
                        {
                          scaleType: 'band',
                          data: bars.map((b) => b.key),
                          valueFormatter: (key: string, context) =>
                            (context.location === 'tooltip' ? labelOf.get(key)?.tooltip : labelOf.get(key)?.label) ?? key,
                        },
                      ]}
                      yAxis={[{ tickMinStep: 1 }]}
                      series={[{ data: bars.map((b) => b.count), label: 'Requests', color: '#1d4ed8' }]}
                      hideLegend
                      margin={{ left: 0, right: 8 }}
                    />
                  </Box>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, lg: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    Status Codes
                  </Typography>
                  <Box data-testid="chart-status" sx={{ width: '100%' }}>
                    <PieChart
                      height={200}
                      hideLegend
                      onItemClick={(_event, item) => onStatusClick?.(summary.statusCodes[item.dataIndex]?.statusCode)}
                      series={[
                        {
                          innerRadius: 45,
                          paddingAngle: 2,
                          cornerRadius: 4,
                          data: summary.statusCodes.map((s) => ({
                            id: s.statusCode,
                            value: s.count,
                            label: String(s.statusCode),
                            color: palette.get(s.statusCode),
                          })),
                        },
                      ]}
                    />
                  </Box>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="status-codes">
                    {summary.statusCodes.map((s) => (
                      <Chip
                        key={s.statusCode}
                        size="small"
                        variant="outlined"
                        icon={
                          <Box
                            component="span"
                            data-testid="status-swatch"
                            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: palette.get(s.statusCode), ml: '8px !important' }}
                          />
                        }
                        label={`${s.statusCode}: ${formatNumber(s.count)}`}
                        onClick={onStatusClick ? () => onStatusClick(s.statusCode) : undefined}
                      />
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          </Grid>

          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Top Endpoints
              </Typography>
              <Stack spacing={1.5} data-testid="top-endpoints">
                {top.map((t) => (
                  <Box key={t.endpoint}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <Typography
                        component="code"
                        title={t.endpoint}
                        sx={{ fontFamily: monoFont, fontSize: 13, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
                      >
                        {t.endpoint}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {formatNumber(t.count)}
                      </Typography>
                    </Box>
                    <LinearProgress
                      variant="determinate"
                      value={(t.count / topMax) * 100}
                      aria-label={`${t.endpoint}: ${formatNumber(t.count)} requests`}
                      sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
                    />
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>

          <Card>
            <CardContent sx={{ px: { xs: 0, sm: 2 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1, px: { xs: 2, sm: 0 } }}>
                Recent Requests
              </Typography>
              {narrow ? (
                <Stack divider={<Divider flexItem />} data-testid="recent-requests">
                  {recent.map((r) => (
                    <Box
                      key={r.id}
                      data-testid="recent-request"
                      role={onOpenRequest ? 'button' : undefined}
                      tabIndex={onOpenRequest ? 0 : undefined}
                      onClick={() => onOpenRequest?.(r)}
                      onKeyDown={(e) => e.key === 'Enter' && onOpenRequest?.(r)}
                      sx={{ px: 2, py: 1, cursor: onOpenRequest ? 'pointer' : undefined }}
                    >
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} data-testid="recent-status" />
                        <Box component="span" sx={[{ fontWeight: 700, fontSize: 12 }, methodTextSx(r.method)]}>
                          {r.method}
                        </Box>
                        <Box
                          component="span"
                          title={r.endpoint}
                          sx={{ fontFamily: monoFont, fontSize: 12, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, flex: 1 }}
                        >
                          {r.endpoint}
                        </Box>
                      </Box>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                        {r.ipAddress} · {formatInstant(r.timestamp, zone, 'second')} · {formatDuration(r.responseTime)}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              ) : (
                <TableContainer>
                  <Table size="small" data-testid="recent-requests">
                    <TableHead>
                      <TableRow>
                        <TableCell>Status</TableCell>
                        <TableCell>Method</TableCell>
                        <TableCell>Endpoint</TableCell>
                        <TableCell>IP</TableCell>
                        <TableCell>Time</TableCell>
                        <TableCell align="right">Response</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {recent.map((r) => (
                        <TableRow
                          key={r.id}
                          data-testid="recent-request"
                          hover={Boolean(onOpenRequest)}
                          onClick={() => onOpenRequest?.(r)}
                          sx={{ cursor: onOpenRequest ? 'pointer' : undefined }}
                        >
                          <TableCell>
                            <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} data-testid="recent-status" />
                          </TableCell>
                          <TableCell>
                            <Box component="span" sx={[{ fontWeight: 700, fontSize: 12 }, methodTextSx(r.method)]}>
                              {r.method}
                            </Box>
                          </TableCell>
                          <TableCell sx={{ fontFamily: monoFont, fontSize: 12, whiteSpace: 'nowrap' }}>{r.endpoint}</TableCell>
                          <TableCell sx={{ fontFamily: monoFont, fontSize: 12, whiteSpace: 'nowrap' }}>{r.ipAddress}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {onOpenRequest ? (
                              <Link
                                component="button"
                                type="button"
                                onClick={(event) => {
                                  event.stopPropagation();
                                  onOpenRequest(r);
                                }}
                                sx={{ textAlign: 'left' }}
                              >
                                {formatInstant(r.timestamp, zone, 'second')}
                              </Link>
                            ) : (
                              formatInstant(r.timestamp, zone, 'second')
                            )}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {formatDuration(r.responseTime)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
