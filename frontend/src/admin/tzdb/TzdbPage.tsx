import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify } from 'react-admin';
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
import RestoreIcon from '@mui/icons-material/Restore';
import SyncIcon from '@mui/icons-material/Sync';
import { ZoneChangeList } from '../../components/ui/ZoneChangeList';
import { monoFont } from '../../theme';
import type { AdminDataProvider, TzdbStatus, TzReleaseHistoryItem, TzReleaseReview } from '../dataProvider';
import { EmptyList } from '../EmptyList';
import { announce, compareTzVersions, Fact, problemOf, useInstantText } from './releaseUi';
import { ReleaseReviewDialog } from './ReleaseReview';
import { UploadCard } from './UploadCard';

export { compareTzVersions };

export const tzdbQueryKey = ['admin', 'tzdb'] as const;

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
  const when = useInstantText();
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
              <Fact label="Last checked" value={feed.lastCheckedAt ? when(feed.lastCheckedAt) : '—'} />
              <Fact label="Last success" value={feed.lastSuccessAt ? when(feed.lastSuccessAt) : '—'} />
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
function HistoryCard({
  history,
  activeVersion,
  onDone,
  onReview,
}: {
  history: TzReleaseHistoryItem[];
  activeVersion: string;
  onDone: () => void;
  onReview: (id: string) => void;
}) {
  const when = useInstantText();
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
                    color={h.origin === 'upload' || h.signature === 'verified' ? 'info' : 'warning'}
                    label={h.origin === 'upload' ? 'uploaded, waiting' : h.signature === 'verified' ? 'verified, waiting' : 'unsigned, waiting'}
                  />
                )}
                <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {when(h.loadedAt)} · {h.loadedBy ?? (h.origin === 'feed' ? 'IANA feed' : 'server start')} · {h.source}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {h.zones} zones, {h.links} links · {h.changedZones} changed
                  </Typography>
                </Box>
                <Button size="small" onClick={() => onReview(h.id)} aria-label={`Review ${h.version}`}>
                  Review
                </Button>
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
  const when = useInstantText();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: tzdbQueryKey, queryFn: () => dataProvider.getTzdb(), retry: false });
  // The status reloads now; stored reviews only go stale. A review still on screen must not reload: after a discard its
  // release is gone, and asking for it again answers 404.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tzdbQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: [...tzdbQueryKey, 'review'], refetchType: 'none' });
  };
  const changes = data?.changes;
  /** The release under review: just uploaded (its review at hand) or picked from the stored releases. */
  const [reviewing, setReviewing] = useState<{ id: string; review?: TzReleaseReview } | null>(null);
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
              <Fact label="Loaded at" value={data.loadedAt ? when(data.loadedAt) : '—'} />
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
              ? `${changes.previousVersion} → ${changes.version}: zones whose clocks read differently until ${when(changes.window.to)}, links folded under their zone`
              : 'What the active release changed, compared with the one before it.'}
          </Typography>
          {isPending ? (
            <Skeleton variant="rounded" height={48} />
          ) : (
            <ZoneChangeList
              zones={changes?.zones ?? []}
              formatDay={when}
              emptyText={
                changes?.previousVersion ? 'No zone reads differently in the next 24 months.' : 'No change yet: this is the first release this server loaded.'
              }
            />
          )}
        </CardContent>
      </Card>
      {data?.feed && <FeedCard feed={data.feed} onDone={refresh} />}
      <UploadCard
        activeVersion={data?.version}
        onUploaded={(review) => {
          refresh();
          setReviewing({ id: review.id, review });
        }}
      />
      {data && <HistoryCard history={data.history} activeVersion={data.version} onDone={refresh} onReview={(id) => setReviewing({ id })} />}
      {reviewing && data && (
        <ReleaseReviewDialog
          key={reviewing.id}
          id={reviewing.id}
          review={reviewing.review}
          activeVersion={data.version}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
