import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NoticeZoneList } from '../../features/notices/components/NoticeZoneList';
import { Time } from '../../lib/time';
import { EmptyList } from '../EmptyList';
import type { AdminChangeNotice } from '../dataProvider';

const zoneCount = (n: number) => (n === 1 ? 'one zone' : `${n} zones`);

/** One notice as the customer got it: the release, when it came and was dismissed, its zones and pinned keys. */
function NoticeRow({ notice }: { notice: AdminChangeNotice }) {
  const dismissed = notice.dismissedAt !== null;
  return (
    <Box component="li" data-testid="admin-notice" sx={{ borderTop: 1, borderColor: 'divider', pt: 1, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">
          tz release {notice.version}
        </Typography>
        <Chip size="small" variant="outlined" label={dismissed ? 'Dismissed' : 'Not dismissed'} color={dismissed ? 'default' : 'info'} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Received <Time value={notice.createdAt} />
        {dismissed && (
          <>
            {' '}
            · dismissed <Time value={notice.dismissedAt} />
          </>
        )}
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Changes {zoneCount(notice.zones.length)} their requests used:
      </Typography>
      <NoticeZoneList zones={notice.zones} />
      {notice.pinnedKeys.map((key) => (
        <Box key={key.keyId} sx={{ mt: 1 }} data-testid="admin-notice-pinned-key">
          <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            Key “{key.name}” pinned to {key.pinnedTo}:{' '}
            {key.zones.length
              ? `moving it to ${notice.version} changes ${zoneCount(key.zones.length)}:`
              : `moving it to ${notice.version} changes none of the zones used.`}
          </Typography>
          {key.zones.length > 0 && <NoticeZoneList zones={key.zones} />}
        </Box>
      ))}
    </Box>
  );
}

/** An account's change notices, newest first, as its Notices page lists them (times in the display zone). */
export function ChangeNoticeList({ notices }: { notices: AdminChangeNotice[] }) {
  if (!notices.length) return <EmptyList text="No change notices." />;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="admin-notices">
      {notices.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} />
      ))}
    </Stack>
  );
}
