import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig } from '../../config/publicConfig';
import { useHealth, type HealthReport } from './api';

const serviceNames: Record<string, string> = {
  database: 'Database',
  timezone_data: 'Time Zone Data',
  cache: 'Cache & Rate Limiting',
};

function serviceState(value: string): { label: string; color: 'success' | 'warning' | 'error' } {
  if (value === 'up' || value === 'ok') return { label: 'Operational', color: 'success' };
  if (value === 'memory') return { label: 'Operational (in-process)', color: 'success' };
  if (value === 'degraded') return { label: 'Degraded', color: 'warning' };
  return { label: 'Down', color: 'error' };
}

const incidents = [
  {
    date: 'Oct 14, 2024',
    title: 'Elevated latency on conversion endpoints',
    text: 'A slow database replica raised response times for 18 minutes. Traffic was moved to a healthy replica.',
  },
  {
    date: 'Aug 2, 2024',
    title: 'tz database 2024b rollout',
    text: 'A brief spike of 5xx answers during the data update. Rolled back, fixed and re-deployed within 9 minutes.',
  },
  { date: 'Mar 27, 2024', title: 'Dashboard sign-in errors', text: 'Some users could not sign in for 12 minutes after a session store failover.' },
];

const sinceFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The service's recorded uptime: "99.987%", with the date its checks were first recorded. */
export function uptimeTile(report: Pick<HealthReport, 'uptime_percent' | 'uptime_since'>): { value: string; caption: string | null } {
  if (report.uptime_percent === null || !report.uptime_since) return { value: '—', caption: 'No checks recorded yet' };
  const percent = report.uptime_percent.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return { value: `${percent}%`, caption: `since ${sinceFormat.format(new Date(report.uptime_since))}` };
}

export function StatusPage() {
  usePageMeta('API Status', 'Live status of the TimeZone API and its services, and past incidents.');
  const { data, isPending, isError, dataUpdatedAt } = useHealth();
  const supportEmail = usePublicConfig().data?.supportEmail ?? '';
  const overall = isError ? 'down' : data?.status;
  const banner =
    overall === 'ok'
      ? { severity: 'success' as const, text: 'All Systems Operational' }
      : overall === 'degraded'
        ? { severity: 'warning' as const, text: 'Degraded Performance' }
        : { severity: 'error' as const, text: 'Service Disruption' };
  const services = data ? Object.entries(data.services) : [];
  return (
    <>
      <PageHero eyebrow="Status" title="API Status" subtitle="Live state of the service's own checks, refreshed every 30 seconds." />
      <Section>
        <Box sx={{ maxWidth: 900, mx: 'auto' }}>
          {isPending ? (
            <Skeleton variant="rounded" height={56} />
          ) : (
            <Alert severity={banner.severity} variant="filled" sx={{ fontSize: 18, fontWeight: 700 }} data-testid="status-banner">
              {banner.text}
            </Alert>
          )}
          {data && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, my: 3 }}>
              {[
                { label: 'API version', value: data.version },
                {
                  label: 'tz database',
                  value: data.tzdbVersion ?? '—',
                  caption: data.tzdbCheckedAt ? `checked against IANA ${checkedAgo(data.tzdbCheckedAt)}` : undefined,
                  testId: 'tzdb-tile',
                },
                { label: 'Uptime', ...uptimeTile(data), testId: 'uptime' },
                { label: 'Health check', value: `${data.response_time_ms} ms` },
              ].map((t) => (
                <Card key={t.label} data-testid={'testId' in t ? t.testId : undefined}>
                  <CardContent>
                    <Typography variant="caption" color="text.secondary">
                      {t.label}
                    </Typography>
                    <Typography variant="h6" component="p">
                      {t.value}
                    </Typography>
                    {'caption' in t && t.caption && (
                      <Typography variant="caption" color="text.secondary">
                        {t.caption}
                      </Typography>
                    )}
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
            Services
          </Typography>
          <Card>
            {[['api', 'up'] as [string, string], ...services].map(([key, value], i) => {
              const state = key === 'api' ? (isError ? serviceState('down') : serviceState('up')) : serviceState(value);
              const Icon = state.color === 'success' ? CheckCircleIcon : state.color === 'warning' ? WarningIcon : ErrorIcon;
              return (
                <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
                  <Icon color={state.color} aria-hidden />
                  <Typography sx={{ flex: 1, fontWeight: 600 }}>{key === 'api' ? 'Time Zone API' : (serviceNames[key] ?? key)}</Typography>
                  <Chip label={state.label} color={state.color} size="small" variant="outlined" />
                </Box>
              );
            })}
          </Card>
          {dataUpdatedAt > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              Last checked {new Date(dataUpdatedAt).toLocaleTimeString()}
            </Typography>
          )}
          <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
            Past incidents
          </Typography>
          {incidents.map((inc) => (
            <Card key={inc.title} sx={{ mb: 2 }}>
              <CardContent>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                  <Chip label="Resolved" color="success" size="small" />
                  <Typography variant="body2" color="text.secondary">
                    {inc.date}
                  </Typography>
                </Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {inc.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {inc.text}
                </Typography>
              </CardContent>
            </Card>
          ))}
          <Box sx={{ textAlign: 'center', mt: 4 }}>
            <Button variant="outlined" href={`mailto:${supportEmail}?subject=Subscribe%20to%20status%20updates`} disabled={!supportEmail}>
              Subscribe to Updates
            </Button>
          </Box>
        </Box>
      </Section>
    </>
  );
}

/** "5 min ago", "2 h ago": when the release feed last asked IANA. */
function checkedAgo(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}
