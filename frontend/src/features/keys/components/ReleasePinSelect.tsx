import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { releaseChangesAnchor } from '../../../config/paths';
import { formatInstant, useDisplayZone } from '../../../lib/time';
import { usePinApiKey, usePinPreview, useStoredReleases, type ApiKey, type StoredRelease } from '../api';

const LATEST = 'latest';

/**
 * The tz release a key answers from: "Latest" follows every release the server activates; a stored release keeps the
 * key's answers as they are until its owner moves the pin (a request's own ?tzdb= still wins).
 */
export function ReleasePinSelect({ apiKey }: { apiKey: ApiKey }) {
  const releases = useStoredReleases();
  const pin = usePinApiKey();
  const { zone } = useDisplayZone();
  const active = releases.data?.find((r) => r.active)?.version;
  const value = apiKey.tzdbVersion ?? LATEST;
  const preview = usePinPreview(apiKey.tzdbVersion, active);
  // Each release with when it went live here, newest first (one version listed once: the newest load wins).
  const options: { version: string; wentLiveAt?: string; changed?: string }[] = [];
  for (const r of releases.data ?? []) {
    if (!options.some((o) => o.version === r.version)) options.push({ version: r.version, wentLiveAt: r.wentLiveAt, changed: changedText(r) });
  }
  // A pin to a version the list doesn't show (still loading, or no longer offered) stays selectable as it is.
  if (apiKey.tzdbVersion && !options.some((o) => o.version === apiKey.tzdbVersion)) options.push({ version: apiKey.tzdbVersion });

  const change = async (next: string) => {
    if (next === value) return;
    try {
      await pin.mutateAsync({ id: apiKey.id, tzdbVersion: next });
      toast({
        title: 'API Key Updated',
        description: next === LATEST ? `“${apiKey.name}” now follows the latest tz release.` : `“${apiKey.name}” now answers from tz release ${next}.`,
      });
    } catch (error) {
      toast({ title: 'Failed to update API key', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ mb: 1.5 }}>
      <TextField
        select
        size="small"
        label="tz release"
        value={value}
        disabled={pin.isPending || releases.isPending}
        onChange={(e) => void change(e.target.value)}
        helperText={
          value === LATEST
            ? 'Answers follow each new release.'
            : `Answers stay on this release until you move the pin.${moveText(
                active,
                preview.data?.zones.map((z) => z.zone),
              )}`
        }
        slotProps={{ select: { renderValue: (v) => (v === LATEST ? `Latest (${active ?? '…'})` : String(v)) } }}
        sx={{ minWidth: 200 }}
        data-testid="key-release-pin"
      >
        <MenuItem value={LATEST}>
          <ListItemText primary="Latest" secondary={active ? `Follows each new release, now ${active}` : 'Follows each new release'} />
        </MenuItem>
        {options.map((o) => (
          <MenuItem key={o.version} value={o.version} data-testid="release-pin-option">
            <ListItemText
              primary={`${o.version}${o.version === active ? ' (in use now)' : ''}`}
              secondary={o.wentLiveAt ? `Live since ${formatInstant(o.wentLiveAt, zone)}${o.changed ? ` · ${o.changed}` : ''}` : 'No longer offered'}
            />
          </MenuItem>
        ))}
      </TextField>
      {active && (
        <Link
          component={RouterLink}
          to={releaseChangesAnchor(active)}
          variant="body2"
          sx={{ display: 'block', mt: 0.5, ml: 1.75 }}
          data-testid="release-changes-link"
        >
          What {active} changed
        </Link>
      )}
    </Box>
  );
}

/** What a release changed, in a few words ('changed Asia/Kolkata', 'changed 3 zones'); nothing for the first one loaded. */
function changedText(release: StoredRelease): string | undefined {
  if (!release.previousVersion) return undefined;
  // A link (Asia/Calcutta) changes with its zone: counted once, as the zone.
  const zones = release.changedZones.filter((z) => !z.linkTo).map((z) => z.zone);
  if (zones.length === 0) return 'no zone changed';
  return zones.length === 1 ? `changed ${zones[0]}` : `changed ${zones.length} zones`;
}

/** "Moving to 2026h changes 2 of your zones: Asia/Kathmandu, Asia/Kolkata": the zones used in the last 30 days the active release answers differently. */
function moveText(active: string | undefined, changed: string[] | undefined): string {
  if (!active || changed === undefined) return '';
  if (changed.length === 0) return ` Moving to ${active} changes none of your zones.`;
  const named = changed.length > 5 ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more` : changed.join(', ');
  return ` Moving to ${active} changes ${changed.length} of your zones: ${named}.`;
}
