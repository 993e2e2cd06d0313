import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
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
import { browserTimeZone, formatDateTimeInZone, formatNumber } from '../../../lib/format';
import type { UsageSummary } from '../api';
import { zoneLongName } from '../../../lib/time';

export const TOP_ENDPOINTS_SHOWN = 5;
export const RECENT_REQUESTS_SHOWN = 10;

/**
 * One bar per day of the range, with 0 for days without calls, so the bars keep their spacing: "Last 7 Days" is
 * the end's day and the 6 before it (UTC days, as the server counts them). The rolling range starts 7 × 24 h
 * back, inside an eighth day; calls of that partial day are left off the chart (they count in the totals).
 */
export function fillDays(summary: Pick<UsageSummary, 'perDay' | 'range'>, rangeDays?: number): { date: string; count: number }[] {
  const counts = new Map(summary.perDay.map((d) => [d.date, d.count]));
  const start = new Date(summary.range?.start ?? summary.perDay[0]?.date ?? Date.now());
  const end = new Date(summary.range?.end ?? Date.now());
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return summary.perDay;
  // The range asked for, in days, when the page knows it: the server answers whole UTC days, so a rolling 7 × 24 h
  // range comes back as 8 of them (the partial first day included).
  const dayCount = Math.min(400, Math.max(1, rangeDays ?? Math.round((end.getTime() - start.getTime()) / 86_400_000)));
  const cursor = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - (dayCount - 1)));
  const days: { date: string; count: number }[] = [];
  for (let i = 0; i < dayCount; i += 1) {
    const key = cursor.toISOString().slice(0, 10);
    days.push({ date: key, count: counts.get(key) ?? 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

/** An hour's start as the viewer's clock shows it ('14:00'; '14:30' in a zone half an hour off UTC). */
const hourLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));

/**
 * The bars of the requests chart: "Last Day" by the hour (one bar per day would be a single bar), labelled on the
 * viewer's clock; longer ranges by the day. Keyed by the instant: a rolling day holds the same clock hour twice.
 */
export function chartBars(
  summary: Pick<UsageSummary, 'perHour'>,
  days: { date: string; count: number }[],
  rangeDays: number | undefined,
  zone: string,
): { hourly: boolean; bars: { key: string; label: string; count: number }[] } {
  const hourly = rangeDays === 1 && summary.perHour.length > 0;
  const bars = hourly
    ? summary.perHour.map((h) => ({ key: h.hour, label: hourLabel(h.hour, zone), count: h.count }))
    : days.map((d) => ({ key: d.date, label: shortDay(d.date), count: d.count }));
  return { hourly, bars };
}

const shortDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

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
}: {
  summary: UsageSummary;
  keyPrefix: string | null;
  origin?: string;
  filtered?: boolean;
  /** The days the page asked for ("Last 7 Days": 7): one bar each, ending today. */
  rangeDays?: number;
}) {
  const days = fillDays(summary, rangeDays);
  const top = summary.topEndpoints.slice(0, TOP_ENDPOINTS_SHOWN);
  const topMax = Math.max(1, ...top.map((t) => t.count));
  const recent = summary.recent.slice(0, RECENT_REQUESTS_SHOWN);
  const empty = summary.totalRequests === 0;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const palette = statusCodePalette(summary.statusCodes.map((s) => s.statusCode));
  const zone = browserTimeZone();
  const { hourly, bars } = chartBars(summary, days, rangeDays, zone);
  const labelOf = new Map(bars.map((b) => [b.key, b.label]));

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
          <StatCard label="Avg Response Time" value={`${Math.round(summary.averageResponseTime ?? 0)} ms`} icon={<SpeedIcon />} testId="usage-avg" />
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
                  {hourly && (
                    <Typography variant="caption" color="text.secondary" component="p" data-testid="chart-zone">
                      Hours in your time zone: {zoneLongName(zone)} ({zone})
                    </Typography>
                  )}
                  <Box data-testid={hourly ? 'chart-per-hour' : 'chart-per-day'} sx={{ width: '100%' }}>
                    <BarChart
                      height={280}
                      xAxis={[{ scaleType: 'band', data: bars.map((b) => b.key), valueFormatter: (key: string) => labelOf.get(key) ?? key }]}
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
                      <Typography component="code" sx={{ fontFamily: monoFont, fontSize: 13, overflowWrap: 'anywhere' }}>
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
                    <Box key={r.id} data-testid="recent-request" sx={{ px: 2, py: 1 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} data-testid="recent-status" />
                        <Box component="span" sx={[{ fontWeight: 700, fontSize: 12 }, methodTextSx(r.method)]}>
                          {r.method}
                        </Box>
                        <Box component="span" sx={{ fontFamily: monoFont, fontSize: 12, overflowWrap: 'anywhere', flex: 1 }}>
                          {r.endpoint}
                        </Box>
                      </Box>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                        {r.ipAddress} · {formatDateTimeInZone(r.timestamp, zone)} · {Math.round(r.responseTime)} ms
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
                        <TableCell>Time ({zone})</TableCell>
                        <TableCell align="right">Response</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {recent.map((r) => (
                        <TableRow key={r.id} data-testid="recent-request">
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
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeInZone(r.timestamp, zone)}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {Math.round(r.responseTime)} ms
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
