import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { useWhen } from '../../../components/ui/when';
import { formatDuration } from '../../../lib/time';
import { isApiError } from '../../../lib/api';
import { monoFont } from '../../../theme';
import { useCan } from '../../../lib/permissions';
import { useResendDelivery, useWebhookAttempts, useWebhookDeliveries, type DeliveryFilter, type WebhookAttempt, type WebhookDelivery } from '../api';

const STATUS_COLOR: Record<string, 'success' | 'error' | 'default' | 'warning'> = {
  delivered: 'success',
  failing: 'error',
  failed: 'error',
  pending: 'warning',
  skipped: 'default',
};

const STATUSES: { id: DeliveryFilter; label: string }[] = [
  { id: '', label: 'All messages' },
  { id: 'failing', label: 'Failing (retries under way)' },
  { id: 'failed', label: 'Failed' },
  { id: 'delivered', label: 'Delivered' },
  { id: 'pending', label: 'Pending' },
  { id: 'skipped', label: 'Skipped (endpoint paused)' },
];

function Code({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: monoFont,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: 240,
          overflow: 'auto',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function AttemptDetail({ attempt }: { attempt: WebhookAttempt }) {
  const when = useWhen();
  const headers = Object.entries(attempt.requestHeaders)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const size =
    attempt.responseBytes === null ? '' : attempt.responseTruncated ? ` (first 4 KiB of ${attempt.responseBytes} bytes)` : ` (${attempt.responseBytes} bytes)`;
  return (
    <Box data-testid="webhook-attempt" sx={{ borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {when(attempt.at)} · {attempt.statusCode ?? 'no answer'} · {formatDuration(attempt.durationMs)}
      </Typography>
      {attempt.error && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {attempt.error}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mt: 1 }}>
        <Code label="Request headers">{headers || '—'}</Code>
        <Code label={`Response body${size}`} testId="attempt-response">
          {attempt.responseBody || '(empty)'}
        </Code>
      </Stack>
    </Box>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const attempts = useWebhookAttempts(delivery.id, true);
  if (attempts.isPending) return <Skeleton variant="rounded" height={80} />;
  if (attempts.isError) return <Alert severity="error">Could not load the attempts.</Alert>;
  const list = attempts.data.pages.flatMap((p) => p.data);
  if (!list.length) return <Typography color="text.secondary">Not tried yet.</Typography>;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Attempts ({delivery.attempts}), newest first
      </Typography>
      {list.map((a) => (
        <AttemptDetail key={a.id} attempt={a} />
      ))}
      {attempts.hasNextPage && (
        <Button size="small" sx={{ mt: 1 }} disabled={attempts.isFetchingNextPage} onClick={() => void attempts.fetchNextPage()}>
          Older attempts
        </Button>
      )}
    </Box>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendDelivery();
  const canWrite = useCan()('webhooks.write');
  const when = useWhen();
  const [open, setOpen] = useState(false);
  return (
    <Box data-testid="webhook-delivery" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontFamily: monoFont, fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{delivery.eventType}</Typography>
        <Chip size="small" label={delivery.status} color={STATUS_COLOR[delivery.status] ?? 'default'} />
        <Typography variant="body2" color="text.secondary">
          {when(delivery.createdAt)} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
          {delivery.lastAttempt ? ` · last ${delivery.lastAttempt.statusCode ?? 'no answer'}` : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide' : 'Details'}
        </Button>
        {canWrite && (
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
        )}
      </Stack>
      {delivery.nextRetryAt && (
        <Typography variant="body2" color="warning.main" data-testid="next-retry" sx={{ mt: 0.5 }}>
          Next retry {when(delivery.nextRetryAt)}
        </Typography>
      )}
      <Collapse in={open} unmountOnExit>
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontFamily: monoFont, fontSize: 12, overflowWrap: 'anywhere' }}>
            webhook-id {delivery.messageId}
          </Typography>
          <Code label="Payload (the body of every attempt)" testId="delivery-payload">
            {JSON.stringify(delivery.payload, null, 2)}
          </Code>
          <Attempts delivery={delivery} />
        </Stack>
      </Collapse>
    </Box>
  );
}

/** An endpoint's messages, newest first, filtered by status and paged; each opens to its payload and its attempts. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [status, setStatus] = useState<DeliveryFilter>('');
  const deliveries = useWebhookDeliveries(endpointId, status);
  const list = deliveries.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Box component="section" aria-labelledby="messages-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Typography variant="h6" component="h2" id="messages-title" sx={{ flexGrow: 1 }}>
          Messages
        </Typography>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(STATUSES.find((s) => s.id === e.target.value)?.id ?? '')}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {STATUSES.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {deliveries.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : deliveries.isError ? (
        <Alert severity="error">Could not load the messages.</Alert>
      ) : list.length === 0 ? (
        <Typography color="text.secondary" data-testid="deliveries-empty">
          {status ? 'No messages in this state.' : 'No messages yet. Send a test event to see one here.'}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {list.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
          {deliveries.hasNextPage && (
            <Button disabled={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
              Older messages
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
