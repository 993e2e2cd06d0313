import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { monoFont } from '../../../theme';
import { useResendDelivery, useWebhookDeliveries, type WebhookDelivery, type WebhookEndpoint } from '../api';

const STATUS_COLOR: Record<string, 'success' | 'error' | 'default' | 'warning'> = {
  delivered: 'success',
  failing: 'error',
  failed: 'error',
  pending: 'warning',
  skipped: 'default',
};

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendDelivery();
  return (
    <Box data-testid="webhook-delivery" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontFamily: monoFont, fontSize: 14, fontWeight: 600 }}>{delivery.eventType}</Typography>
        <Chip size="small" label={delivery.status} color={STATUS_COLOR[delivery.status] ?? 'default'} />
        <Typography variant="body2" color="text.secondary">
          {new Date(delivery.createdAt).toLocaleString()} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          disabled={resend.isPending}
          onClick={async () => {
            try {
              await resend.mutateAsync(delivery.id);
              toast({ title: 'Delivery Queued', description: 'The event is sent again with the same webhook-id.' });
            } catch (error) {
              toast({ title: 'Resend failed', description: isApiError(error) ? error.detail : String(error), variant: 'destructive' });
            }
          }}
        >
          Resend
        </Button>
      </Stack>
      {delivery.attemptLog.map((a, i) => (
        <Typography key={i} variant="body2" sx={{ fontFamily: monoFont, fontSize: 12, mt: 0.5, overflowWrap: 'anywhere' }}>
          {new Date(a.at).toLocaleTimeString()} · {a.statusCode ?? 'no answer'} · {a.durationMs} ms{a.error ? ` · ${a.error}` : ''}
          {a.responseBody ? ` · ${a.responseBody.slice(0, 200)}` : ''}
        </Typography>
      ))}
    </Box>
  );
}

/** An endpoint's delivery log: each delivery with its attempts (time, status code, duration, answer) and Resend. */
export function DeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null);
  return (
    <Dialog open={!!endpoint} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="deliveries-title">
      <DialogTitle id="deliveries-title" sx={{ overflowWrap: 'anywhere' }}>
        Deliveries to {endpoint?.url}
      </DialogTitle>
      <DialogContent>
        {deliveries.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : deliveries.isError ? (
          <Alert severity="error">Could not load the deliveries.</Alert>
        ) : deliveries.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="deliveries-empty">
            No deliveries yet. Send a test event to see one here.
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {deliveries.data.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
