import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useApiOrigin } from '../../../config/publicConfig';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { DocsExplorer } from '../../../components/api-reference/DocsExplorer';
import { openapiSpec } from '../../../lib/api-reference/spec';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { dashboardStatsQueryKey, usageSummaryRootKey } from '../../../lib/query-keys';
import { useApiKeys, type ApiKey } from '../../../lib/api-keys';
import { useRevealKey } from '../../../components/dashboard/RevealKeyDialog';
import { createKeyExecutor } from '../api';
import { McpGuide } from '../../../components/api-reference/McpGuide';
import { McpPlayground } from './McpPlayground';

function KeyPicker({ keys, value, onChange }: { keys: ApiKey[]; value: string; onChange: (id: string) => void }) {
  return (
    <FormControl size="small" fullWidth sx={{ maxWidth: { sm: 420 } }}>
      <InputLabel id="playground-key-label">API key for Execute</InputLabel>
      <Select
        labelId="playground-key-label"
        label="API key for Execute"
        value={value}
        onChange={(e) => onChange(String(e.target.value))}
        data-testid="playground-key"
      >
        {keys.map((k) => (
          <MenuItem key={k.id} value={k.id}>
            {k.name} · {k.keyPrefix}…
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** /dashboard/docs: the site's docs explorer, where Execute really calls the API with a key the user picks. */
export function PlaygroundPage() {
  usePageMeta('API Docs / Playground', 'Call every endpoint with your own API key; the calls count in your usage.');
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const activeKeys = useMemo(() => (keys.data ?? []).filter((k) => k.isActive), [keys.data]);
  const [keyId, setKeyId] = useState('');
  const secrets = useRef(new Map<string, string>());
  const apiOrigin = useApiOrigin();
  // The key whose full value the request examples show, after "Use my key in examples" (the key card's reveal).
  const [shown, setShown] = useState<{ slot: string; key: string } | null>(null);
  const [revealing, setRevealing] = useState(false);

  useEffect(() => {
    if (!activeKeys.some((k) => k.id === keyId)) setKeyId(activeKeys[0]?.id ?? '');
  }, [activeKeys, keyId]);

  const chosen = activeKeys.find((k) => k.id === keyId) ?? null;
  const slot = chosen ? chosen.id + chosen.maskedKey : '';
  const exampleKey = shown && shown.slot === slot ? shown.key : null;

  // The full key is asked for once per key and visit (with the password), then kept for this page's calls.
  const { reveal, dialog: confirmDialog } = useRevealKey();
  const secretOf = async (key: ApiKey): Promise<string | null> => {
    const known = secrets.current.get(key.id + key.maskedKey);
    if (known) return known;
    const secret = await reveal(key);
    if (secret !== null) secrets.current.set(key.id + key.maskedKey, secret);
    return secret;
  };

  const revealForExamples = async () => {
    if (!chosen) return;
    setRevealing(true);
    try {
      const secret = await secretOf(chosen);
      if (secret !== null) setShown({ slot, key: secret });
    } catch (error) {
      toast({ title: 'Could not reveal the key', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setRevealing(false);
    }
  };

  const pickedKey = async () => {
    if (!chosen) throw new Error('Pick an active API key first (API Keys page).');
    const secret = await secretOf(chosen);
    if (secret === null) throw new Error('The key was not revealed: confirm your password to call the API with it.');
    return secret;
  };
  // A call is metered: the usage page and the dashboard counters move.
  const refreshUsage = () => {
    void queryClient.invalidateQueries({ queryKey: usageSummaryRootKey });
    void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
  };

  const executor = useMemo(
    () =>
      createKeyExecutor(
        async () => {
          if (!chosen) throw new Error('Pick an active API key first (API Keys page).');
          const secret = await secretOf(chosen);
          if (secret === null) throw new Error('The key was not revealed: confirm your password to call the API with it.');
          return secret;
        },
        () => {
          // The call is metered: the usage page and the dashboard counters move.
          void queryClient.invalidateQueries({ queryKey: usageSummaryRootKey });
          void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
        },
      ),
    [chosen, queryClient],
  );

  const toolbar = keys.isPending ? (
    <Skeleton variant="rounded" height={40} sx={{ maxWidth: 420 }} />
  ) : activeKeys.length === 0 ? (
    <Alert
      severity="warning"
      data-testid="playground-no-key"
      action={
        <Button component={RouterLink} to={paths.dashboard.apiKeys} color="inherit" size="small">
          Get API Key
        </Button>
      }
    >
      Execute needs an active API key. Create one (or switch one on) first.
    </Alert>
  ) : (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <KeyPicker keys={activeKeys} value={chosen?.id ?? ''} onChange={setKeyId} />
      {!exampleKey && (
        <Button
          variant="outlined"
          startIcon={<VisibilityIcon />}
          onClick={() => void revealForExamples()}
          disabled={revealing || !chosen}
          sx={{ flexShrink: 0 }}
        >
          Use my key in examples
        </Button>
      )}
    </Stack>
  );

  const exampleNote = exampleKey ? (
    <>The example carries your full key {chosen?.name ? `“${chosen.name}”` : ''}: keep it private.</>
  ) : (
    <>
      Replace <code>YOUR_API_KEY</code> with your key before you run it, or choose “Use my key in examples” above the Execute button.
    </>
  );

  return (
    <>
      {confirmDialog}
      <PageHeader title="API Docs / Playground" subtitle="Execute makes a real call with the key you pick: it is rate limited and counted in your usage." />
      <DocsExplorer
        spec={openapiSpec}
        executor={executor}
        executeToolbar={toolbar}
        exampleApiKey={exampleKey ?? 'YOUR_API_KEY'}
        snippetOrigin={apiOrigin}
        exampleNote={exampleNote}
        aiAssistants={
          <Stack spacing={3}>
            {toolbar}
            <McpPlayground getKey={pickedKey} onCalled={refreshUsage} />
            <McpGuide spec={openapiSpec} origin={apiOrigin} apiKey={exampleKey ?? 'YOUR_API_KEY'} playgroundHint={false} />
          </Stack>
        }
      />
    </>
  );
}
