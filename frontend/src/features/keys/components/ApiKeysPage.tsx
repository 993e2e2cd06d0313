import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/VpnKey';
import { toast } from '../../../components/ui/toast';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { isApiError } from '../../../lib/api';
import { LoadError } from '../../../components/ui/LoadError';
import { REVEAL_LATER_TEXT } from '../../../components/dashboard/RevealKeyDialog';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useRotateApiKey, useUpdateApiKey, type ApiKey, type ApiKeyInput } from '../api';
import { ApiKeyCard } from './ApiKeyCard';
import { KeyFormDialog } from './KeyFormDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { KeySecretDialog } from './KeySecretDialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';
import { keyLimitBound, ROTATION_OVERLAP_LABELS, ROTATION_OVERLAPS, type RotationOverlap } from '../key-options';

const messageOf = (error: unknown) => (isApiError(error) ? error.detail : error instanceof Error ? error.message : String(error));

function failed(title: string, error: unknown) {
  toast({ title, description: messageOf(error), variant: 'destructive' });
}

const OVERLAP_WORDS: Record<RotationOverlap, string> = { none: 'no time', '1h': '1 hour', '24h': '24 hours', '7d': '7 days' };

export function ApiKeysPage() {
  usePageMeta('API Keys', 'Create, restrict, rotate and delete your API keys.');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const rotate = useRotateApiKey();
  const remove = useDeleteApiKey();

  /** The open create form's submission id (its Idempotency-Key: a double click makes one key), or null. */
  const [creating, setCreating] = useState<string | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [overlap, setOverlap] = useState<RotationOverlap>('none');
  const { user } = useAuth();
  const canWrite = useCan()('keys.write');
  const bound = keyLimitBound(user?.plan);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [secret, setSecret] = useState<{ name: string; key: string; title: string } | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const submitCreate = async (input: ApiKeyInput) => {
    try {
      const created = await create.mutateAsync({ input, submission: creating ?? crypto.randomUUID() });
      setCreating(null);
      toast({ title: 'API Key Created', description: `“${created.name}” is ready. ${REVEAL_LATER_TEXT}` });
      setSecret({ name: created.name, key: created.key, title: 'Your new API key' });
    } catch (error) {
      failed('Failed to create API key', error);
      throw error;
    }
  };

  const submitEdit = async (input: ApiKeyInput) => {
    if (!editing) return;
    try {
      await update.mutateAsync({ id: editing.id, ...input, isActive: editing.isActive });
      setEditing(null);
      toast({ title: 'API Key Updated', description: `“${input.name}” has been updated.` });
    } catch (error) {
      failed('Failed to update API key', error);
      throw error;
    }
  };

  const toggleActive = async (key: ApiKey, isActive: boolean) => {
    setTogglingId(key.id);
    try {
      await update.mutateAsync({ id: key.id, name: key.name, ipRestrictions: key.ipRestrictions, urlRestrictions: key.urlRestrictions, isActive });
      toast({ title: 'API Key Updated', description: `“${key.name}” is now ${isActive ? 'active' : 'inactive'}.` });
    } catch (error) {
      failed('Failed to update API key', error);
    } finally {
      setTogglingId(null);
    }
  };

  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      const rotated = await rotate.mutateAsync({ id: rotating.id, overlap });
      setRotating(null);
      const old = overlap === 'none' ? 'The old key no longer works.' : `The old key keeps working for ${OVERLAP_WORDS[overlap]}.`;
      toast({ title: 'API Key Rotated', description: `${old} Copy the new one now.` });
      setSecret({ name: rotated.name, key: rotated.key, title: 'Your rotated API key' });
    } catch (error) {
      failed('Failed to rotate API key', error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'API Key Deleted', description: `“${deleting.name}” has been deleted.` });
      setDeleting(null);
    } catch (error) {
      failed('Failed to delete API key', error);
    }
  };

  const list = keys.data ?? [];
  const newKeyButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(crypto.randomUUID())}>
      Create API Key
    </Button>
  );

  return (
    <>
      <PageHeader title="API Keys" subtitle="Keys authenticate your calls to the API. Keep them secret." actions={canWrite ? newKeyButton : undefined} />

      {keys.isError && (
        <LoadError what="your API keys" error={keys.error} onRetry={() => keys.refetch()} retrying={keys.isFetching} stale={keys.data !== undefined} />
      )}

      {keys.isPending ? (
        <Grid container spacing={2}>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, lg: 6 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      ) : list.length === 0 && !keys.isError ? (
        <EmptyState icon={<KeyIcon />} title="No API Keys Yet" action={canWrite ? newKeyButton : undefined} testId="keys-empty">
          <Typography>
            {canWrite ? 'Create your first API key to start calling the TimeZone API.' : 'Nobody in this organisation has created a key yet.'}
          </Typography>
        </EmptyState>
      ) : (
        <Grid container spacing={2}>
          {list.map((key) => (
            <Grid key={key.id} size={{ xs: 12, lg: 6 }}>
              <ApiKeyCard
                apiKey={key}
                canWrite={canWrite}
                toggling={togglingId === key.id}
                onEdit={() => setEditing(key)}
                onRotate={() => {
                  setOverlap('none');
                  setRotating(key);
                }}
                onDelete={() => setDeleting(key)}
                onToggleActive={(active) => void toggleActive(key, active)}
              />
            </Grid>
          ))}
        </Grid>
      )}

      <KeyFormDialog
        open={creating !== null}
        mode="create"
        pending={create.isPending}
        limitMax={bound.max}
        limitWindow={bound.window}
        onClose={() => setCreating(null)}
        onSubmit={submitCreate}
      />
      <KeyFormDialog
        open={!!editing}
        mode="edit"
        initial={editing}
        limitMax={bound.max}
        limitWindow={bound.window}
        pending={update.isPending && !togglingId}
        onClose={() => setEditing(null)}
        onSubmit={submitEdit}
      />
      <ConfirmDialog
        open={!!rotating}
        title="Rotate API Key"
        confirmLabel="Rotate Key"
        pendingLabel="Rotating..."
        pending={rotate.isPending}
        onConfirm={() => void confirmRotate()}
        onClose={() => setRotating(null)}
      >
        <Typography>This makes a new API key for “{rotating?.name}”, with the same settings. How long should the old key keep working?</Typography>
        <RadioGroup
          aria-label="How long the old key keeps working"
          value={overlap}
          onChange={(e) => setOverlap(e.target.value as RotationOverlap)}
          sx={{ mt: 1 }}
        >
          {ROTATION_OVERLAPS.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio size="small" />} label={ROTATION_OVERLAP_LABELS[choice]} />
          ))}
        </RadioGroup>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {overlap === 'none'
            ? 'Applications still using the old key get 401 at once.'
            : 'Both keys work until then; the old one shows as expiring, and you can revoke it sooner.'}
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={!!deleting}
        title="Delete API Key"
        confirmLabel="Delete Key"
        pendingLabel="Deleting..."
        danger
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.replacedById
          ? `Revoke the old key of “${deleting.name}” now? Applications still using it get 401 at once; the new key keeps working.`
          : `Delete “${deleting?.name}”? Applications using it will get 401 at once. This cannot be undone.`}
      </ConfirmDialog>
      <KeySecretDialog secret={secret} title={secret?.title ?? ''} onClose={() => setSecret(null)} />
    </>
  );
}
