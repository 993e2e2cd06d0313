import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ZoneChangeList } from '../../components/ui/ZoneChangeList';
import { monoFont } from '../../theme';
import type { TzReleaseEntry } from './releases';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const wentLive = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    hour12: false,
  }) + ' UTC';
const HOW: Record<TzReleaseEntry['origin'], string> = {
  feed: 'from the signed IANA feed',
  upload: 'uploaded by our team',
  bundled: 'shipped with the server',
  env: 'set at start',
};

/** "Data updates": the tz database releases the API has answered from, newest first, and the zones each changed. */
export function DataUpdates({ releases, isPending, isError }: { releases: TzReleaseEntry[] | undefined; isPending: boolean; isError: boolean }) {
  const { hash } = useLocation();
  const loaded = releases !== undefined;
  // A link to one release (the keys page's "What 2026g changed", #tzdb-2026g): scroll to it once the list is there.
  useEffect(() => {
    if (loaded && hash.startsWith('#tzdb-')) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash, loaded]);
  return (
    <Box component="section" aria-labelledby="data-updates-title" sx={{ mt: 6 }}>
      <Typography id="data-updates-title" variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        Data updates
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The IANA tz database releases the API has answered from, with the zones whose clocks each one changed in the two years after it was loaded. The release
        in use is also in every answer&rsquo;s X-Tzdb-Version header. Follow new releases without an account through the{' '}
        <Link href="/api/timezone/releases.atom" underline="always">
          Atom feed
        </Link>
        .
      </Typography>
      {isError && <Alert severity="error">The list of data updates could not be loaded. Please try again later.</Alert>}
      {isPending && <Skeleton variant="rounded" height={120} />}
      {releases && releases.length === 0 && (
        <Typography color="text.secondary" data-testid="data-updates-empty">
          No data updates yet.
        </Typography>
      )}
      {releases && releases.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="data-updates">
          {releases.map((r) => (
            <Card key={`${r.version}-${r.loadedAt}`} id={`tzdb-${r.version}`} sx={{ scrollMarginTop: 80 }}>
              <CardContent>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
                  <Typography variant="h6" component="h3" sx={{ fontFamily: monoFont, fontWeight: 700 }}>
                    {r.version}
                  </Typography>
                  {r.active && <Chip size="small" color="success" label="In use" />}
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={r.wentLiveAt ?? r.loadedAt} title={r.wentLiveAt ? wentLive(r.wentLiveAt) : undefined}>
                      live {r.wentLiveAt ? wentLive(r.wentLiveAt) : day(r.loadedAt)}
                    </time>
                    {r.origin ? `, ${HOW[r.origin]}` : ''}
                    {r.previousVersion ? `, replacing ${r.previousVersion}` : ''}
                  </Typography>
                </Box>
                <ZoneChangeList
                  zones={r.changedZones}
                  max={20}
                  emptyText={r.previousVersion ? 'No zone changed its offset or abbreviation.' : 'The first release loaded on this server.'}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
