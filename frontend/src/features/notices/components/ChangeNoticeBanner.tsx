import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { noticeAnchor, paths } from '../../../config/paths';
import { useDismissNotice, useOpenNotices, type ChangeNotice } from '../api';
import { useCan } from '../../../lib/permissions';

/** Zones named in the banner before "and N more": the Notices page lists them all. */
const ZONES_NAMED = 3;

/** "Asia/Kolkata", "Asia/Kolkata and Asia/Kathmandu", "A, B, C and 2 more". */
export function zoneNames(zones: string[]): string {
  if (zones.length <= 1) return zones.join('');
  if (zones.length <= ZONES_NAMED) return `${zones.slice(0, -1).join(', ')} and ${zones[zones.length - 1]}`;
  return `${zones.slice(0, ZONES_NAMED).join(', ')} and ${zones.length - ZONES_NAMED} more`;
}

/** The banner's one sentence: the release, the zones named once, and whether a pinned key still answers as before. */
export function bannerText(notice: ChangeNotice): string {
  const zones = notice.zones.map((z) => z.zone);
  const changes = `tz release ${notice.version} changes ${zones.length === 1 ? 'a zone' : `${zones.length} zones`} you use: ${zoneNames(zones)}.`;
  const pinned = notice.pinnedKeys.length;
  if (!pinned) return `${changes} Our answers already follow it.`;
  const [key] = notice.pinnedKeys;
  return pinned === 1
    ? `${changes} Your key “${key.name}” stays on ${key.pinnedTo} until you move its pin.`
    : `${changes} ${pinned} of your keys stay on older releases until you move their pins.`;
}

/**
 * The account area's change notice banner, above every page (the layout's banner slot): the newest notice not
 * dismissed, in one sentence, with "See what changed" (the Notices page) and, for a pinned key, "Move the pin" (the
 * keys page). The Notices page shows the notice itself, so the banner stays off it.
 */
export function ChangeNoticeBanner() {
  const { pathname } = useLocation();
  const can = useCan();
  const notices = useOpenNotices(can('notices.read'));
  const dismiss = useDismissNotice();
  const [notice, ...more] = notices.data ?? [];
  if (!notice || !can('notices.read') || pathname.startsWith(paths.dashboard.notices)) return null;
  return (
    <Alert
      severity="info"
      data-testid="change-notice-banner"
      onClose={can('notices.write') ? () => dismiss.mutate(notice.id) : undefined}
      closeText="Dismiss"
      sx={{ mb: 2, overflowWrap: 'anywhere', '& .MuiAlert-message': { width: '100%' } }}
    >
      <Box component="span" data-testid="change-notice-text">
        {bannerText(notice)}
        {more.length > 0 && ` (${more.length} more ${more.length === 1 ? 'notice' : 'notices'})`}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button component={RouterLink} to={noticeAnchor(notice.id)} size="small" color="inherit" variant="outlined">
          See what changed
        </Button>
        {notice.pinnedKeys.length > 0 && (
          <Button component={RouterLink} to={paths.dashboard.apiKeys} size="small" color="inherit">
            Move the pin
          </Button>
        )}
      </Box>
    </Alert>
  );
}
