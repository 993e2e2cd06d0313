import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ZoneChangeList } from '../../components/ui/ZoneChangeList';
import { formatNumber } from '../../lib/format';
import type { AdminDataProvider, TzReleaseReview } from '../dataProvider';
import { announce, compareTzVersions, Fact, problemOf, useInstantText } from './releaseUi';

export const reviewQueryKey = (id: string) => ['admin', 'tzdb', 'review', id] as const;

/**
 * A stored release's review: what changes against the release it was compared with (links folded under their zone),
 * and how many accounts, pinned keys and webhook endpoints its activation tells. A stored release is activated here (an
 * older one rolled back), a waiting one also discarded; the active one (the feed's, once live) shows the same, read-only.
 */
export function ReleaseReviewDialog({
  review: initial,
  id,
  activeVersion,
  onClose,
  onDone,
}: {
  review?: TzReleaseReview;
  id: string;
  activeVersion: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const when = useInstantText();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const review = useQuery({ queryKey: reviewQueryKey(id), queryFn: () => dataProvider.getTzdbReview(id), initialData: initial, retry: false });
  const audience = useQuery({ queryKey: [...reviewQueryKey(id), 'audience'], queryFn: () => dataProvider.getTzdbAudience(id), retry: false });
  const data = review.data;
  const older = data ? compareTzVersions(data.version, activeVersion) < 0 : false;
  const activate = useMutation({
    mutationFn: () => dataProvider.activateTzdbRelease(data!.version, older),
    onSuccess: (result) => {
      announce(notify, result);
      onDone();
    },
    onError: (err) => notify(problemOf(err).detail, { type: 'error' }),
  });
  const discard = useMutation({
    mutationFn: () => dataProvider.discardTzdbRelease(id),
    onSuccess: (result) => {
      notify(`Release ${result.version} discarded; ${activeVersion} stays active.`, { type: 'info' });
      onDone();
    },
    onError: (err) => notify(problemOf(err).detail, { type: 'error' }),
  });
  const busy = activate.isPending || discard.isPending;
  const count = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  return (
    <Dialog open onClose={() => !busy && onClose()} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="tzdb-review-title">
      <DialogTitle id="tzdb-review-title">{data ? `Review ${data.version}` : 'Review'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }} data-testid="tzdb-review">
        {review.isError && <Alert severity="error">{problemOf(review.error).detail}</Alert>}
        {!data ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {data.waiting
                ? `Stored ${when(data.loadedAt)}${data.loadedBy ? ` by ${data.loadedBy}` : data.origin === 'feed' ? ' from the IANA feed' : ''}; not live. ${activeVersion} answers until you activate it.`
                : `Went live ${when(data.wentLiveAt ?? data.loadedAt)}${data.origin === 'feed' ? ' from the IANA feed' : ''}: what it changed, read-only.`}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }} data-testid="tzdb-review-counts">
              <Fact label="Compared with" value={data.previousVersion ?? '—'} mono />
              <Fact label="Accounts told" value={count(audience.data?.accounts)} />
              <Fact label="Pinned keys told" value={count(audience.data?.pinnedKeys)} />
              <Fact label="Webhook endpoints" value={count(audience.data?.webhookEndpoints)} />
            </Box>
            {audience.isError && <Alert severity="warning">Could not count who will be told: {problemOf(audience.error).detail}</Alert>}
            <Typography variant="subtitle2" component="h3">
              {data.window
                ? `Zones whose clocks read differently, ${when(data.window.from)} to ${when(data.window.to)}`
                : 'Zones whose clocks read differently'}
            </Typography>
            <ZoneChangeList
              zones={data.zones}
              formatDay={when}
              emptyText={data.previousVersion ? 'No zone reads differently in the next 24 months.' : 'Nothing to compare with: no release was active.'}
            />
            {(data.added.length > 0 || data.removed.length > 0) && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {data.added.length > 0 && `New names: ${data.added.join(', ')}. `}
                {data.removed.length > 0 && `Removed names: ${data.removed.join(', ')}.`}
              </Typography>
            )}
            {!data.active && older && (
              <Alert severity="warning">
                {data.version} is older than the active release {activeVersion}: activating it is a rollback.
              </Alert>
            )}
          </>
        )}
        {busy && <LinearProgress aria-label={activate.isPending ? 'Activating' : 'Discarding'} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data?.waiting && (
          <Button onClick={() => discard.mutate()} disabled={busy} color="inherit">
            Discard
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {data && !data.active ? 'Later' : 'Close'}
        </Button>
        {data && !data.active && (
          <Button variant="contained" color={older ? 'warning' : 'primary'} onClick={() => activate.mutate()} disabled={busy}>
            {older ? `Roll back to ${data.version}` : `Activate ${data.version}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
