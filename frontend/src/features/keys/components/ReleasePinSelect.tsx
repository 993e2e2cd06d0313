import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { toast } from '../../../components/ui/toast';
import { usePinApiKey, usePinPreview, useStoredReleases, type ApiKey } from '../api';

const LATEST = 'latest';

/**
 * The tz release a key answers from: "Latest" follows every release the server activates; a stored release keeps the
 * key's answers as they are until its owner moves the pin (a request's own ?tzdb= still wins).
 */
export function ReleasePinSelect({ apiKey }: { apiKey: ApiKey }) {
  const releases = useStoredReleases();
  const pin = usePinApiKey();
  const active = releases.data?.find((r) => r.active)?.version;
  const value = apiKey.tzdbVersion ?? LATEST;
  const preview = usePinPreview(apiKey.tzdbVersion, active);
  const versions = releases.data?.map((r) => r.version) ?? [];
  // A pin to a version the list doesn't show (still loading, or no longer offered) stays selectable as it is.
  if (apiKey.tzdbVersion && !versions.includes(apiKey.tzdbVersion)) versions.push(apiKey.tzdbVersion);

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
      sx={{ minWidth: 200, mb: 1.5 }}
      data-testid="key-release-pin"
    >
      <MenuItem value={LATEST}>Latest{active ? ` (${active})` : ''}</MenuItem>
      {versions.map((version) => (
        <MenuItem key={version} value={version}>
          {version}
          {version === active ? ' (active)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Moving to 2026h changes 2 of your zones: Asia/Kathmandu, Asia/Kolkata": the zones used in the last 30 days the active release answers differently. */
function moveText(active: string | undefined, changed: string[] | undefined): string {
  if (!active || changed === undefined) return '';
  if (changed.length === 0) return ` Moving to ${active} changes none of your zones.`;
  const named = changed.length > 5 ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more` : changed.join(', ');
  return ` Moving to ${active} changes ${changed.length} of your zones: ${named}.`;
}
