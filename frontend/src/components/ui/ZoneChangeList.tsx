import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { monoFont } from '../../theme';

import type { Models } from '../../lib/api-models';

export type ZoneReading = Models['OffsetReadingView'];
/** A changed zone; the console's review folds the links that change with it under it (`aliases`). */
export type ZoneChangeItem = Models['ChangedZoneView'] & { aliases?: string[] };

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const reading = (r: ZoneReading) => `UTC${r.utcOffset} ${r.abbreviation}${r.dst ? ' (DST)' : ''}`;

/** Zones whose clocks read differently under a new release: each stretch with the reading before → after. */
export function ZoneChangeList({
  zones,
  emptyText,
  max = 50,
  formatDay = day,
}: {
  zones: ZoneChangeItem[];
  emptyText: string;
  max?: number;
  /** How a stretch's ends are written (default: the UTC day); the console passes a formatter that names the zone. */
  formatDay?: (iso: string) => string;
}) {
  if (zones.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="zone-changes-empty">
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} data-testid="zone-changes">
      {zones.slice(0, max).map((z) => (
        <Box component="li" key={z.zone}>
          <Typography variant="body2" sx={{ fontFamily: monoFont, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {z.zone}
            {z.linkTo && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'inherit', ml: 1 }}>
                → {z.linkTo}
              </Typography>
            )}
          </Typography>
          {z.aliases && z.aliases.length > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="zone-aliases">
              also {z.aliases.join(', ')}
            </Typography>
          )}
          {z.changes.map((c) => (
            <Typography key={c.from} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDay(c.from)} – {formatDay(c.to)}: {reading(c.before)} → <strong>{reading(c.after)}</strong>
            </Typography>
          ))}
        </Box>
      ))}
      {zones.length > max && (
        <Typography variant="body2" color="text.secondary">
          and {zones.length - max} more
        </Typography>
      )}
    </Box>
  );
}
