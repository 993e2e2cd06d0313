import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, Title, useDataProvider, useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import RestoreIcon from '@mui/icons-material/Restore';
import SyncIcon from '@mui/icons-material/Sync';
import { ZoneChangeList } from '../../components/ui/ZoneChangeList';
import { monoFont } from '../../theme';
import type { AdminDataProvider, TzActivation, TzdbStatus, TzReleaseHistoryItem } from '../dataProvider';
import { EmptyList } from '../EmptyList';
import { formatDateTimeUtc } from '../../lib/format';
import { problemMessage, type ProblemCode } from '../../lib/api';

export const tzdbQueryKey = ['admin', 'tzdb'] as const;

/** "2026f" > "2026b" > "2025b"; "2026aa" > "2026z" (IANA's release names). */
export function compareTzVersions(a: string, b: string): number {
  const parse = (v: string): [number, string] => {
    const m = /^(\d{4})([a-z]+)$/.exec(v);
    return m ? [Number(m[1]), m[2]] : [0, ''];
  };
  const [ya, la] = parse(a);
  const [yb, lb] = parse(b);
  return ya - yb || la.length - lb.length || (la < lb ? -1 : la > lb ? 1 : 0);
}

type Phase = { step: 'reading' | 'uploading'; fraction: number } | { step: 'compiling' } | null;

/** The file as base64 (a data: URL, which the API accepts), reporting how much has been read. */
function readAsBase64(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
}

function problemOf(error: unknown): { status: number; code?: ProblemCode; detail: string } {
  if (error instanceof HttpError) {
    return { status: error.status, code: (error.body as { code?: ProblemCode } | undefined)?.code, detail: problemMessage(error) ?? error.message };
  }
  return { status: 0, detail: error instanceof Error ? error.message : String(error) };
}

function announce(notify: ReturnType<typeof useNotify>, result: TzActivation) {
  if (result.alreadyActive) notify(`Release ${result.version} is already the active release.`, { type: 'info' });
  else notify(`Release ${result.version} is active; every instance follows within seconds.`, { type: 'success' });
}

function Fact({ label, value, mono }: { label: string; value: string | number; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', ...(mono && { fontFamily: monoFont }) }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Upload a tzdata*.tar.gz or tzdata.zi: read, upload and compile, each with its progress; an older one asks to roll back. */
function UploadCard({ activeVersion, onDone }: { activeVersion: string | undefined; onDone: () => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>(null);
  const [error, setError] = useState<string | null>(null);
  const [older, setOlder] = useState<{ release: string; detail: string } | null>(null);

  const send = async (release: string, force: boolean) => {
    setPhase({ step: 'uploading', fraction: 0 });
    try {
      const result = await dataProvider.uploadTzdbRelease(release, force, (fraction) =>
        setPhase(fraction >= 1 ? { step: 'compiling' } : { step: 'uploading', fraction }),
      );
      announce(notify, result);
      setFile(null);
      if (input.current) input.current.value = '';
      onDone();
    } catch (err) {
      const problem = problemOf(err);
      if (problem.code === 'older_release') setOlder({ release, detail: problem.detail });
      else setError(problem.detail);
    } finally {
      setPhase(null);
    }
  };

  const start = async () => {
    if (!file) return;
    setError(null);
    setPhase({ step: 'reading', fraction: 0 });
    try {
      const release = await readAsBase64(file, (fraction) => setPhase({ step: 'reading', fraction }));
      await send(release, false);
    } catch (err) {
      setError(problemOf(err).detail);
      setPhase(null);
    }
  };

  const busy = phase !== null;
  const label = !phase
    ? ''
    : phase.step === 'reading'
      ? 'Reading the file…'
      : phase.step === 'uploading'
        ? 'Uploading…'
        : 'Compiling and checking the release…';
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Load a release
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A tzdata*.tar.gz from IANA or a tzdata.zi. It is compiled and checked before it replaces {activeVersion ?? 'the active release'}; every instance
          switches within seconds.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
            Choose file
            <input
              ref={input}
              hidden
              type="file"
              accept=".gz,.tgz,.zi,application/gzip"
              data-testid="tzdb-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 160px' }}>
            {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'No file chosen'}
          </Typography>
          <Button variant="contained" onClick={() => void start()} disabled={!file || busy}>
            Upload and activate
          </Button>
        </Box>
        {phase && (
          <Box data-testid="tzdb-progress">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {label}
            </Typography>
            <LinearProgress
              variant={phase.step === 'compiling' ? 'indeterminate' : 'determinate'}
              value={phase.step === 'compiling' ? undefined : Math.round(phase.fraction * 100)}
              aria-label={label}
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
      </CardContent>
      <Dialog open={older !== null} onClose={() => setOlder(null)} aria-labelledby="tzdb-older-title">
        <DialogTitle id="tzdb-older-title">Roll back to an older release?</DialogTitle>
        <DialogContent>
          <DialogContentText>{older?.detail}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>Customers will get the older release's answers on every instance within seconds.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOlder(null)}>Cancel</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              const release = older!.release;
              setOlder(null);
              void send(release, true);
            }}
          >
            Roll back
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

const FEED_STATE: Record<string, { label: string; color: 'default' | 'success' | 'info' | 'warning' | 'error' }> = {
  unknown: { label: 'Not checked yet', color: 'default' },
  unchanged: { label: 'Up to date', color: 'success' },
  activated: { label: 'New release live', color: 'success' },
  waiting: { label: 'Release waiting', color: 'info' },
  refused: { label: 'Release refused', color: 'error' },
  error: { label: 'Check failed', color: 'warning' },
};

/** The IANA release feed: where it looks, what it trusts, its last check, and "Check now". */
function FeedCard({ feed, onDone }: { feed: TzdbStatus['feed']; onDone: () => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const mutation = useMutation({
    mutationFn: () => dataProvider.checkTzdbFeed(),
    onSuccess: (result) => {
      const text: Record<string, string> = {
        unchanged: 'No new release: the feed is up to date.',
        activated: `Release ${result.version} is live on every instance.`,
        waiting: `Release ${result.version} is waiting for activation (${result.reason}).`,
        refused: `Release refused: ${result.reason}`,
        error: `The check failed: ${result.reason}`,
      };
      notify(text[result.outcome] ?? result.outcome, { type: result.outcome === 'refused' || result.outcome === 'error' ? 'error' : 'success' });
      onDone();
    },
    onError: (err) => notify(problemOf(err).detail, { type: 'error' }),
  });
  const state = FEED_STATE[feed.state];
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1.5 }} data-testid="tzdb-feed">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            IANA release feed
          </Typography>
          {feed.enabled && state && <Chip size="small" color={state.color} label={state.label} data-testid="tzdb-feed-state" />}
          {feed.enabled && (
            <Button size="small" variant="outlined" startIcon={<SyncIcon />} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
              Check now
            </Button>
          )}
        </Box>
        {!feed.enabled ? (
          <Typography variant="body2" color="text.secondary">
            Off: set TZDB_FEED_URL (and TZDB_FEED_KEYS) to have new IANA releases checked, verified and made live on their own.
          </Typography>
        ) : (
          <>
            {mutation.isPending && <LinearProgress aria-label="Checking the feed" />}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
              <Fact label="Last checked" value={feed.lastCheckedAt ? formatDateTimeUtc(feed.lastCheckedAt) : '—'} />
              <Fact label="Last success" value={feed.lastSuccessAt ? formatDateTimeUtc(feed.lastSuccessAt) : '—'} />
              <Fact label="Newest seen" value={feed.newestVersion ?? '—'} mono />
              <Fact label="New releases" value={feed.autoActivate ? 'Go live when verified' : 'Wait for activation'} />
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {feed.url} · every {Math.round(feed.intervalMs / 60_000) || '<1'} min
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', fontFamily: monoFont }}>
              {feed.trustedKeys.length ? `Trusted keys: ${feed.trustedKeys.join(', ')}` : 'No trusted key: releases wait as unsigned.'}
            </Typography>
            {feed.lastError && (
              <Alert severity={feed.state === 'refused' ? 'error' : 'warning'} data-testid="tzdb-feed-error">
                {feed.lastError}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The stored releases; any of them can be made active again (an older one is a rollback, confirmed first). */
function HistoryCard({ history, activeVersion, onDone }: { history: TzReleaseHistoryItem[]; activeVersion: string; onDone: () => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [target, setTarget] = useState<TzReleaseHistoryItem | null>(null);
  const isOlder = target ? compareTzVersions(target.version, activeVersion) < 0 : false;
  const mutation = useMutation({
    mutationFn: (item: TzReleaseHistoryItem) => dataProvider.activateTzdbRelease(item.version, compareTzVersions(item.version, activeVersion) < 0),
    onSuccess: (result) => {
      announce(notify, result);
      setTarget(null);
      onDone();
    },
    onError: (err) => notify(problemOf(err).detail, { type: 'error' }),
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Stored releases
        </Typography>
        {history.length === 0 ? (
          <EmptyList text="No release has been loaded yet." />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="tzdb-history">
            {history.map((h) => (
              <Box
                component="li"
                key={h.id}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ fontFamily: monoFont, fontWeight: 700, minWidth: 64 }}>{h.version}</Typography>
                {h.active && <Chip size="small" color="success" label="Active" />}
                {h.waiting && (
                  <Chip
                    size="small"
                    color={h.signature === 'verified' ? 'info' : 'warning'}
                    label={h.signature === 'verified' ? 'verified, waiting' : 'unsigned, waiting'}
                  />
                )}
                <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {formatDateTimeUtc(h.loadedAt)} · {h.waiting ? 'from the IANA feed' : (h.loadedBy ?? (h.origin === 'feed' ? 'IANA feed' : 'server start'))}{' '}
                    · {h.source}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {h.zones} zones, {h.links} links · {h.changedZones} changed
                  </Typography>
                </Box>
                {!h.active && (
                  <Button size="small" variant="outlined" startIcon={<RestoreIcon />} onClick={() => setTarget(h)} aria-label={`Activate ${h.version}`}>
                    Activate
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <Dialog open={target !== null} onClose={() => !mutation.isPending && setTarget(null)} aria-labelledby="tzdb-activate-title">
        <DialogTitle id="tzdb-activate-title">{isOlder ? `Roll back to ${target?.version}?` : `Activate ${target?.version}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {isOlder
              ? `${target?.version} is older than the active release ${activeVersion}. Customers will get its answers on every instance within seconds.`
              : `${target?.version} replaces ${activeVersion} on every instance within seconds.`}
          </DialogContentText>
          {mutation.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Activating" />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button color={isOlder ? 'warning' : 'primary'} variant="contained" disabled={mutation.isPending} onClick={() => target && mutation.mutate(target)}>
            {isOlder ? 'Roll back' : 'Activate'}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** Console page "Time zone data": the active tz release, what it changed, loading a new one and rolling back. */
export function TzdbPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: tzdbQueryKey, queryFn: () => dataProvider.getTzdb(), retry: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tzdbQueryKey });
  const changes = data?.changes;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="Time zone data" />
      <Typography variant="h5" component="h2">
        Time zone data
      </Typography>
      {isError && <Alert severity="error">Could not load the time zone data status.</Alert>}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Active release
          </Typography>
          {isPending ? (
            <Skeleton variant="rounded" height={64} />
          ) : data ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }} data-testid="tzdb-active">
              <Fact label="Version" value={data.version} mono />
              <Fact label="Loaded at" value={data.loadedAt ? formatDateTimeUtc(data.loadedAt) : '—'} />
              <Fact label="Zones" value={`${data.zones} (+${data.links} links)`} />
              <Fact label="Source" value={data.source} />
              <Fact label="Digest" value={data.digest ? `${data.digest.slice(0, 12)}…` : '—'} mono />
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Last change
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {changes?.previousVersion
              ? `${changes.previousVersion} → ${changes.version}: zones whose clocks read differently until ${formatDateTimeUtc(changes.window.to)}`
              : 'What the active release changed, compared with the one before it.'}
          </Typography>
          {isPending ? (
            <Skeleton variant="rounded" height={48} />
          ) : (
            <ZoneChangeList
              zones={changes?.zones ?? []}
              emptyText={
                changes?.previousVersion ? 'No zone reads differently in the next 24 months.' : 'No change yet: this is the first release this server loaded.'
              }
            />
          )}
        </CardContent>
      </Card>
      {data?.feed && <FeedCard feed={data.feed} onDone={refresh} />}
      <UploadCard activeVersion={data?.version} onDone={refresh} />
      {data && <HistoryCard history={data.history} activeVersion={data.version} onDone={refresh} />}
    </Box>
  );
}
