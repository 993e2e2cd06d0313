import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useDisplayZone, zoneAbbreviation } from '../../lib/time';

/** The header's UTC switch (as Vercel's): this tab writes every time in UTC until switched back to the display zone. */
export function UtcToggle({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { utc, setUtc, saved, browser } = useDisplayZone();
  const own = saved ?? browser;
  const hint = utc ? `Times in UTC. Switch back to ${own} (${zoneAbbreviation(own)})` : `Times in ${own} (${zoneAbbreviation(own)}). Switch this tab to UTC`;
  return (
    <Tooltip title={hint}>
      <Button
        size="small"
        color={color}
        variant={utc ? 'contained' : 'outlined'}
        aria-pressed={utc}
        aria-label="Show times in UTC"
        onClick={() => setUtc(!utc)}
        data-testid="utc-toggle"
        sx={{ minWidth: 0, px: 1, py: 0.25, fontSize: 12, fontWeight: 700, flexShrink: 0 }}
      >
        UTC
      </Button>
    </Tooltip>
  );
}
