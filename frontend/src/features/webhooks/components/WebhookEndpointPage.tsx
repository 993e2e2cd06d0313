import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { useCan } from '../../../lib/permissions';
import { EndpointHealthChip, EndpointHealthLine } from '../../../components/ui/EndpointHealthChip';
import { LoadError } from '../../../components/ui/LoadError';
import { toast } from '../../../components/ui/toast';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { formatHour } from '../../../components/ui/when';
import { formatInstant, useDisplayZone, zoneLongName } from '../../../lib/time';
import { isApiError } from '../../../lib/api';
import { monoFont } from '../../../theme';
import { useUpdateWebhook, useWebhookEndpoint, type WebhookEndpointDetail } from '../api';
import { DeliveryLog } from './DeliveryLog';
import { TestEventDialog } from './TestEventDialog';
import { WebhookFormDialog } from './WebhookFormDialog';

const messageOf = (error: unknown) => (isApiError(error) ? error.detail : error instanceof Error ? error.message : String(error));

/** The last 24 hours of attempts, hour by hour: delivered and failed stacked. */
function HealthChart({ endpoint }: { endpoint: WebhookEndpointDetail }) {
  const hours = endpoint.hours;
  const { zone } = useDisplayZone();
  // The axis names the hour (the caption its zone); the tooltip also the day and the zone.
  const hourText = (v: string, context: { location: string }) => (context.location === 'tooltip' ? formatInstant(v, zone) : formatHour(v, zone));
  return (
    <Box data-testid="health-chart" sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={180}
        xAxis={[{ scaleType: 'band', data: hours.map((h) => h.hour), valueFormatter: hourText, tickLabelInterval: (_v, i) => i % 6 === 0 }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          { data: hours.map((h) => h.succeeded), label: 'Delivered', color: '#15803d', stack: 'a' },
          { data: hours.map((h) => h.failed), label: 'Failed', color: '#b91c1c', stack: 'a' },
        ]}
        margin={{ left: 0, right: 8 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" data-testid="health-chart-zone">
        Attempts per hour in {zoneLongName(zone)} ({zone}).
      </Typography>
    </Box>
  );
}

/** An endpoint's own page (Svix's app portal): health, settings, test events and its messages with every attempt. */
export function WebhookEndpointPage() {
  const { id = '' } = useParams();
  const endpoint = useWebhookEndpoint(id);
  const update = useUpdateWebhook();
  const canWrite = useCan()('webhooks.write');
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);
  usePageMeta('Webhook endpoint', 'A webhook endpoint’s health and messages.');
  const back = (
    <Link component={RouterLink} to={paths.dashboard.webhooks} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" /> Webhooks
    </Link>
  );
  if (endpoint.isPending) return <Skeleton variant="rounded" height={240} />;
  if (endpoint.isError)
    return (
      <>
        {back}
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Webhook endpoint
        </Typography>
        <LoadError what="this endpoint" error={endpoint.error} onRetry={() => endpoint.refetch()} retrying={endpoint.isFetching} />
      </>
    );
  const e = endpoint.data;
  const toggle = async () => {
    try {
      await update.mutateAsync({ id: e.id, enabled: !e.enabled });
      toast({ title: 'Endpoint Updated', description: e.enabled ? 'Events are no longer sent to it.' : 'Events are sent to it again.' });
    } catch (error) {
      toast({ title: 'Failed to update the endpoint', description: messageOf(error), variant: 'destructive' });
    }
  };
  return (
    <>
      {back}
      <PageHeader
        title={
          <Box component="span" sx={{ fontFamily: monoFont, fontSize: { xs: '1.25rem', sm: '1.75rem' } }}>
            {e.url}
          </Box>
        }
        subtitle={e.description ?? undefined}
        actions={
          canWrite && (
            <>
              <Button variant="contained" onClick={() => setTesting(true)}>
                Send test event
              </Button>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button onClick={toggle} disabled={update.isPending}>
                {e.enabled ? 'Pause' : 'Resume'}
              </Button>
            </>
          )
        }
      />
      <Stack spacing={3}>
        <Card variant="outlined" component="section" aria-labelledby="health-title">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h6" component="h2" id="health-title">
                Health
              </Typography>
              <EndpointHealthChip health={e.health} />
            </Stack>
            <EndpointHealthLine health={e.health} />
            {e.health.state === 'disabled' && (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                Paused after days of failed deliveries: nothing is sent until you resume it.
              </Typography>
            )}
            <HealthChart endpoint={e} />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {e.events.map((ev) => (
                <Chip key={ev} size="small" variant="outlined" label={ev} />
              ))}
            </Stack>
          </CardContent>
        </Card>
        <DeliveryLog endpointId={e.id} />
      </Stack>
      <TestEventDialog endpoint={testing ? e : null} onClose={() => setTesting(false)} />
      <WebhookFormDialog
        open={editing}
        pending={update.isPending}
        initial={{ url: e.url, description: e.description ?? '', events: e.events }}
        onClose={() => setEditing(false)}
        onSubmit={async (input) => {
          try {
            await update.mutateAsync({ id: e.id, ...input });
            toast({ title: 'Endpoint Updated', description: 'Its URL, events and description are saved.' });
            setEditing(false);
          } catch (error) {
            toast({ title: 'Failed to update the endpoint', description: messageOf(error), variant: 'destructive' });
            throw error;
          }
        }}
      />
    </>
  );
}
