import { LoadError } from '../../../components/ui/LoadError';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { toast } from '../../../components/ui/toast';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { SecretOnceDialog } from '../../../components/ui/SecretOnceDialog';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { useAuth } from '../../../lib/auth';
import { monoFont } from '../../../theme';
import { EndpointHealthChip, EndpointHealthLine } from '../../../components/ui/EndpointHealthChip';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks, type WebhookEndpoint, type WebhookInput } from '../api';
import { TestEventDialog } from './TestEventDialog';
import { WebhookFormDialog } from './WebhookFormDialog';

const messageOf = (error: unknown) => (isApiError(error) ? error.detail : error instanceof Error ? error.message : String(error));
const failed = (title: string, error: unknown) => toast({ title, description: messageOf(error), variant: 'destructive' });

/** The signing secret right after create or rotate: shown once, with a copy button. */
function SecretDialog({ secret, onClose }: { secret: { url: string; secret: string } | null; onClose: () => void }) {
  return (
    <SecretOnceDialog
      value={secret?.secret ?? null}
      title="Signing secret"
      titleId="webhook-secret-title"
      warning={<>Copy the signing secret for {secret?.url} now: it is not shown again. Verify each request’s webhook-signature with it.</>}
      testId="webhook-secret"
      copiedText="The signing secret has been copied to your clipboard."
      onClose={onClose}
    />
  );
}

function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  danger,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="webhook-confirm-title">
      <DialogTitle id="webhook-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EndpointCard({
  endpoint,
  canWrite,
  onTest,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  /** The member's role may change webhooks (webhooks.write); otherwise the card only reads. */
  canWrite: boolean;
  onTest: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateWebhook();
  const page = paths.dashboard.webhook(endpoint.id);
  return (
    <Card data-testid="webhook-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Link
            component={RouterLink}
            to={page}
            sx={{ fontFamily: monoFont, fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid="webhook-link"
          >
            {endpoint.url}
          </Link>
          <EndpointHealthChip health={endpoint.health} />
        </Stack>
        <Box sx={{ mb: 1 }}>
          <EndpointHealthLine health={endpoint.health} />
        </Box>
        {endpoint.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {endpoint.description}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {endpoint.events.map((e) => (
            <Chip key={e} size="small" variant="outlined" label={e} />
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        {canWrite && (
          <Button size="small" variant="outlined" onClick={onTest}>
            Send test event
          </Button>
        )}
        <Button size="small" component={RouterLink} to={page}>
          Messages and health
        </Button>
        {canWrite && (
          <>
            <Button
              size="small"
              disabled={update.isPending}
              onClick={async () => {
                try {
                  await update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled });
                  toast({ title: 'Endpoint Updated', description: endpoint.enabled ? 'Events are no longer sent to it.' : 'Events are sent to it again.' });
                } catch (error) {
                  failed('Failed to update the endpoint', error);
                }
              }}
            >
              {endpoint.enabled ? 'Pause' : 'Resume'}
            </Button>
            <Button size="small" onClick={onRotate}>
              Rotate secret
            </Button>
            <Button size="small" color="error" onClick={onDelete}>
              Delete
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}

/** Webhooks (Enterprise): endpoints with their events and signing secret, test events and the delivery log. */
export function WebhooksPage() {
  usePageMeta('Webhooks', 'Signed webhook events for your account.');
  // Webhooks come with the Enterprise plan: other accounts are shown the plan, without asking for a list they can't have.
  const { user } = useAuth();
  const enterprise = user?.plan === 'enterprise';
  const canWrite = useCan()('webhooks.write');
  const endpoints = useWebhooks(enterprise);
  const create = useCreateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [testing, setTesting] = useState<WebhookEndpoint | null>(null);

  const planRequired = (user !== null && !enterprise) || (isApiError(endpoints.error) && endpoints.error.code === 'webhooks_plan_required');
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={planRequired}>
      Add Endpoint
    </Button>
  );

  const submitCreate = async (input: WebhookInput) => {
    try {
      const created = await create.mutateAsync(input);
      setCreating(false);
      toast({ title: 'Endpoint Added', description: 'Copy its signing secret now.' });
      setSecret({ url: created.url, secret: created.secret });
    } catch (error) {
      failed('Failed to add the endpoint', error);
      throw error;
    }
  };

  const list = endpoints.data ?? [];
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Signed events (Standard Webhooks) when something changes for your account."
        actions={planRequired || !canWrite ? undefined : addButton}
      />

      {planRequired ? (
        <EmptyState
          icon={<WebhookIcon />}
          title="Webhooks are part of the Enterprise plan"
          testId="webhooks-plan"
          action={
            <Button variant="contained" component={RouterLink} to={paths.dashboard.billing}>
              See plans
            </Button>
          }
        >
          <Typography>
            Upgrade to Enterprise to receive signed events when a time zone you use changes, when keys change, and when invoices are paid.
          </Typography>
        </EmptyState>
      ) : endpoints.isError && !endpoints.data ? (
        <LoadError what="your webhook endpoints" error={endpoints.error} onRetry={() => endpoints.refetch()} retrying={endpoints.isFetching} />
      ) : endpoints.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.length === 0 ? (
        <EmptyState icon={<WebhookIcon />} title="No Endpoints Yet" action={canWrite ? addButton : undefined} testId="webhooks-empty">
          <Typography>Add an endpoint to receive events such as tzdb.zones_changed when a new tz release changes a zone your requests use.</Typography>
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          {endpoints.isError && (
            <LoadError
              what="your webhook endpoints"
              error={endpoints.error}
              onRetry={() => endpoints.refetch()}
              retrying={endpoints.isFetching}
              stale
              sx={{ mb: 0 }}
            />
          )}
          {list.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              canWrite={canWrite}
              onTest={() => setTesting(endpoint)}
              onRotate={() => setRotating(endpoint)}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </Stack>
      )}

      <WebhookFormDialog open={creating} pending={create.isPending} onClose={() => setCreating(false)} onSubmit={submitCreate} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <TestEventDialog endpoint={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        open={!!rotating}
        title="Rotate signing secret"
        text={`A new secret for ${rotating?.url ?? ''}. Events are signed with it at once; update your receiver.`}
        confirm="Rotate Secret"
        pending={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={async () => {
          if (!rotating) return;
          try {
            const rotated = await rotate.mutateAsync(rotating.id);
            setRotating(null);
            setSecret({ url: rotated.url, secret: rotated.secret });
          } catch (error) {
            failed('Failed to rotate the secret', error);
          }
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete endpoint"
        text={`Delete ${deleting?.url ?? ''} and its delivery log? No more events are sent to it.`}
        confirm="Delete Endpoint"
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast({ title: 'Endpoint Deleted', description: 'No more events are sent to it.' });
            setDeleting(null);
          } catch (error) {
            failed('Failed to delete the endpoint', error);
          }
        }}
      />
    </>
  );
}
