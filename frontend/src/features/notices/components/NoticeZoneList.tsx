import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Time } from '../../../lib/time';
import { monoFont } from '../../../theme';
import type { NoticeZone } from '../api';

type Reading = NoticeZone['changes'][number]['before'];
const reading = (r: Reading) => `UTC${r.utcOffset} (${r.abbreviation}${r.dst ? ', DST' : ''})`;

/** A notice's zones: each change from its first moment, in the display zone, with the offset before and after. */
export function NoticeZoneList({ zones }: { zones: NoticeZone[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="notice-zones">
      {zones.map((z) => (
        <Box component="li" key={z.zone}>
          <Typography variant="body2" sx={{ fontFamily: monoFont, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {z.zone}
          </Typography>
          {z.changes.map((c) => (
            <Typography key={c.from} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="notice-change">
              From <Time value={c.from} />: {reading(c.before)} becomes <strong>{reading(c.after)}</strong>
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
