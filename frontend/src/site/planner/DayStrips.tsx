import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { hourKind, type HourKind, type MeetingSlots } from './planner-api';

/** Cell colours with text that keeps a 4.5:1 contrast in light and dark themes alike. */
export const HOUR_COLOURS: Record<HourKind, { bg: string; fg: string; label: string }> = {
  work: { bg: '#1b5e20', fg: '#ffffff', label: 'Working hours' },
  evening: { bg: '#ffcc80', fg: '#3e2723', label: 'Evening or early morning' },
  night: { bg: '#263238', fg: '#eceff1', label: 'Night' },
};

/**
 * A 24-hour strip per participant for one of the first participant's dates: each cell is one of that date's hours,
 * written as the participant's local hour and coloured by what it is for them; the chosen slot's hours are outlined.
 */
export function DayStrips({ answer, loading, highlight }: { answer: MeetingSlots | undefined; loading: boolean; highlight: string | null }) {
  if (loading || !answer) return <Skeleton variant="rounded" height={120} aria-label="Loading the day's hours" data-testid="strips-loading" />;
  const hours = [...answer.slots].sort((a, b) => a.start.localeCompare(b.start));
  const people = answer.people;
  return (
    <Box>
      <Box
        role="region"
        aria-label={`24-hour strips for ${answer.from}`}
        tabIndex={0}
        sx={{ overflowX: 'auto', pb: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        data-testid="day-strips"
      >
        <Box component="table" sx={{ borderCollapse: 'separate', borderSpacing: '2px', minWidth: 24 * 30 + 120 }}>
          <caption style={{ textAlign: 'left', captionSide: 'top' }}>
            <Typography variant="body2" color="text.secondary" component="span">
              {answer.from}, hour by hour in each participant's local time
            </Typography>
          </caption>
          <tbody>
            {people.map((person, i) => (
              <tr key={person.timezone + i} data-testid="strip">
                <Box component="th" scope="row" sx={{ textAlign: 'left', pr: 1, fontWeight: 600, whiteSpace: 'nowrap', fontSize: 14 }}>
                  {person.label}
                </Box>
                {hours.map((slot) => {
                  const seat = slot.participants[i];
                  const kind = hourKind(seat);
                  const colours = HOUR_COLOURS[kind];
                  const chosen = highlight !== null && slot.start === highlight;
                  return (
                    <Box
                      component="td"
                      key={slot.start}
                      title={`${seat.start.slice(0, 16).replace('T', ' ')} ${seat.abbreviation} (${colours.label.toLowerCase()})`}
                      data-kind={kind}
                      data-chosen={chosen || undefined}
                      sx={{
                        width: 28,
                        minWidth: 28,
                        height: 32,
                        textAlign: 'center',
                        fontSize: 13,
                        bgcolor: colours.bg,
                        color: colours.fg,
                        borderRadius: 0.5,
                        outline: chosen ? '3px solid' : 'none',
                        outlineColor: 'primary.main',
                        outlineOffset: -3,
                      }}
                    >
                      {Number(seat.start.slice(11, 13))}
                      {seat.dayOffset !== 0 && (
                        <Box component="span" sx={{ fontSize: 9, display: 'block', lineHeight: 1 }}>
                          {seat.dayOffset > 0 ? '+1d' : '−1d'}
                        </Box>
                      )}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Legend">
        {Object.values(HOUR_COLOURS).map((c) => (
          <Box component="li" key={c.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 14, height: 14, bgcolor: c.bg, borderRadius: 0.5, border: '1px solid', borderColor: 'divider' }} />
            <Typography variant="caption">{c.label}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
