import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NoticesIcon from '@mui/icons-material/NotificationsNone';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { paths, releaseChangesAnchor } from '../../../config/paths';
import { Time } from '../../../lib/time';
import { useDismissNotice, useNoticeHistory, type ChangeNotice } from '../api';
import { useCan } from '../../../lib/permissions';
import { NoticeZoneList } from './NoticeZoneList';

/** One notice: its release, when it came (and was dismissed), the zones it changes, and each pinned key's move. */
function NoticeCard({ notice }: { notice: ChangeNotice }) {
  const dismiss = useDismissNotice();
  const canDismiss = useCan()('notices.write');
  const open = notice.dismissedAt === null;
  return (
    <Card id={`notice-${notice.id}`} data-testid="notice" sx={{ scrollMarginTop: 80 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography variant="h6" component="h2">
            tz release {notice.version}
          </Typography>
          <Chip size="small" label={open ? 'New' : 'Dismissed'} color={open ? 'info' : 'default'} variant={open ? 'filled' : 'outlined'} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Received <Time value={notice.createdAt} />
          {notice.dismissedAt && (
            <>
              {' '}
              · dismissed <Time value={notice.dismissedAt} />
            </>
          )}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {notice.zones.length === 1 ? 'The zone you use that it changes' : `The ${notice.zones.length} zones you use that it changes`}
        </Typography>
        <NoticeZoneList zones={notice.zones} />
        {notice.pinnedKeys.map((key) => (
          <Box key={key.keyId} sx={{ mt: 2 }} data-testid="notice-pinned-key">
            <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              Your key “{key.name}” was pinned to {key.pinnedTo} and answers from it until you move the pin.{' '}
              {key.zones.length ? `Moving it to ${notice.version} changes:` : `Moving it to ${notice.version} changes none of the zones you used.`}
            </Typography>
            {key.zones.length > 0 && <NoticeZoneList zones={key.zones} />}
          </Box>
        ))}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {open && canDismiss && (
          <Button variant="outlined" size="small" onClick={() => dismiss.mutate(notice.id)} disabled={dismiss.isPending}>
            Dismiss
          </Button>
        )}
        {notice.pinnedKeys.length > 0 && (
          <Button component={RouterLink} to={paths.dashboard.apiKeys} size="small">
            Move the pin
          </Button>
        )}
        <Link component={RouterLink} to={releaseChangesAnchor(notice.version)} variant="body2" sx={{ ml: { sm: 'auto' } }}>
          Every zone {notice.version} changed
        </Link>
      </CardActions>
    </Card>
  );
}

/** The change notices' history: every release that changed zones the account used, newest first, dismissed ones too. */
export function NoticesPage() {
  usePageMeta('Notices', 'Your change notices: the tz releases that changed time zones you use.');
  const history = useNoticeHistory();
  const { hash } = useLocation();
  const loaded = history.data !== undefined;
  // "See what changed" names a notice: scroll to it once the list is there.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (loaded && id) document.getElementById(id)?.scrollIntoView?.();
  }, [hash, loaded]);

  return (
    <Box>
      <PageHeader
        title="Notices"
        subtitle="When a new tz release changes a time zone your requests used in the last 30 days, you hear of it here, by mail and with the tzdb.zones_changed webhook event."
      />
      {history.isError && !history.data ? (
        <LoadError what="your notices" error={history.error} onRetry={() => history.refetch()} retrying={history.isFetching} />
      ) : history.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : history.data.length === 0 ? (
        <EmptyState icon={<NoticesIcon />} title="No Notices Yet" testId="notices-empty">
          <Typography>No tz release has changed a time zone your requests used. When one does, its notice stays here, dismissed or not.</Typography>
        </EmptyState>
      ) : (
        <Stack spacing={2} data-testid="notices">
          {history.data.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
