import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { api, isApiError } from '../../lib/api';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { DayStrips } from './DayStrips';
import {
  cityOfZone,
  MAX_DAYS,
  readState,
  seatText,
  slotText,
  SOLD_ROUTE,
  useBestSlots,
  useDayHours,
  writeState,
  type PlannerState,
  type Slot,
} from './planner-api';

interface ZoneOption {
  zone: string;
  city: string;
  country: string | null;
}

/** Places to add: the public zone directory (keyless, cached), searched by city, country or zone name. */
function useZoneOptions() {
  return useQuery({
    queryKey: ['planner-zones'],
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/public/timezones', { signal });
      return body.timezones.map((z): ZoneOption => ({ zone: z.timezone, city: z.main_city ?? cityOfZone(z.timezone), country: z.country }));
    },
    staleTime: 60 * 60_000,
  });
}

const today = () => new Date().toISOString().slice(0, 10);

function SlotCard({ slot, rank, duration, chosen, onChoose }: { slot: Slot; rank: number; duration: number; chosen: boolean; onChoose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(slotText(slot, duration));
    setCopied(true);
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="planner-slot"
      sx={{ p: 2, listStyle: 'none', borderWidth: chosen ? 2 : 1, borderColor: chosen ? 'primary.main' : 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {rank === 0 ? 'Best: ' : `#${rank + 1}: `}
            {slot.start.slice(0, 10)} {slot.start.slice(11, 16)} UTC
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {slot.everyoneInside ? `Everyone inside working hours · score ${slot.score}` : `${slot.minutesOutside} min outside working hours in all`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button size="small" variant={chosen ? 'contained' : 'outlined'} onClick={onChoose} aria-pressed={chosen}>
            Show on strips
          </Button>
          <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="copy-slot">
            Copy
          </Button>
        </Stack>
      </Stack>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {slot.participants.map((seat) => (
          <Typography component="li" variant="body2" key={seat.label + seat.timezone}>
            {seatText(seat)}
            {!seat.inWorkingHours && ` (${seat.minutesOutside} min outside hours)`}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" role="status" aria-live="polite" color="success.main" sx={{ display: 'block', minHeight: 20 }}>
        {copied ? 'Copied to the clipboard' : ''}
      </Typography>
    </Paper>
  );
}

/** The public meeting planner: cities, dates, the best slots and a 24-hour strip per participant, all in the URL. */
export function MeetingPlannerPage() {
  usePageMeta(
    'Meeting planner',
    'Find a meeting time that works across time zones: working hours, evenings and nights for every participant, and the best slots.',
  );
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readState(params, today()), [params]);
  const update = (next: Partial<PlannerState>) => setParams(writeState({ ...state, ...next }), { replace: true });
  const options = useZoneOptions();
  const best = useBestSlots(state);
  const [chosen, setChosen] = useState<string | null>(null);
  const slots = best.data?.slots ?? [];
  const shown = chosen && slots.some((s) => s.start === chosen) ? chosen : (slots[0]?.start ?? null);
  const stripDate = (slots.find((s) => s.start === shown)?.participants[0].start ?? state.from).slice(0, 10);
  const hours = useDayHours(state, stripDate);
  const hourOfShown = hours.data?.slots.find((s) => shown !== null && s.start.slice(0, 13) === shown.slice(0, 13))?.start ?? null;
  const error = best.error ?? hours.error;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }} data-testid="meeting-planner">
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 44 } }}>
        Meeting planner
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Add the cities of everyone in the meeting: the planner finds the hours inside everyone's working day (09:00–17:00, Monday to Friday), across DST
        changes. The same answer is one call to <code>{SOLD_ROUTE}</code> — see the{' '}
        <Link component={RouterLink} to={paths.docs} underline="always">
          API docs
        </Link>{' '}
        or{' '}
        <Link href={`${paths.server.swaggerUi}#/Planning/MeetingSlots_meetingSlots`} underline="always" data-testid="planner-endpoint-docs">
          the endpoint in the API reference
        </Link>
        .
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack spacing={2}>
          <Autocomplete
            options={options.data ?? []}
            loading={options.isLoading}
            getOptionLabel={(o) => `${o.city}${o.country ? `, ${o.country}` : ''} (${o.zone})`}
            isOptionEqualToValue={(a, b) => a.zone === b.zone}
            value={null}
            blurOnSelect
            onChange={(_, option) => option && !state.zones.includes(option.zone) && update({ zones: [...state.zones, option.zone].slice(0, 10) })}
            renderInput={(input) => (
              <TextField
                {...input}
                label="Add a city"
                placeholder="London, Tokyo, New York…"
                slotProps={{ ...input.slotProps, htmlInput: { ...input.slotProps.htmlInput, 'data-testid': 'city-search' } }}
              />
            )}
          />
          <Box
            component="ul"
            aria-label="Participants"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
            data-testid="participants"
          >
            {state.zones.length === 0 && (
              <Typography component="li" variant="body2" color="text.secondary">
                No cities yet: add two or more to compare their days.
              </Typography>
            )}
            {state.zones.map((zone) => (
              <li key={zone}>
                <Chip label={`${cityOfZone(zone)} · ${zone}`} onDelete={() => update({ zones: state.zones.filter((z) => z !== zone) })} />
              </li>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First day"
              type="date"
              value={state.from}
              onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && update({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField select label="Days" value={state.days} onChange={(e) => update({ days: Number(e.target.value) })} sx={{ minWidth: 120 }}>
              {Array.from({ length: MAX_DAYS }, (_, i) => i + 1).map((d) => (
                <MenuItem key={d} value={d}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Length" value={state.duration} onChange={(e) => update({ duration: Number(e.target.value) })} sx={{ minWidth: 140 }}>
              {[30, 60, 90, 120].map((m) => (
                <MenuItem key={m} value={m}>
                  {m} minutes
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </Paper>

      {state.zones.length < 2 ? (
        <Alert severity="info" data-testid="planner-empty">
          Add at least two cities to see their days side by side and the best times to meet.
        </Alert>
      ) : error ? (
        <Alert severity="error" data-testid="planner-error">
          {isApiError(error) ? error.message : 'The planner could not answer. Please try again.'}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <section aria-labelledby="strips-heading">
            <Typography id="strips-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
              The day for everyone
            </Typography>
            <DayStrips answer={hours.data} loading={hours.isLoading} highlight={hourOfShown} />
          </section>
          <section aria-labelledby="slots-heading" aria-busy={best.isLoading}>
            <Typography id="slots-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
              Best times to meet
            </Typography>
            {best.isLoading || !best.data ? (
              <Stack spacing={1} data-testid="planner-loading">
                <Skeleton variant="rounded" height={96} />
                <Skeleton variant="rounded" height={96} />
              </Stack>
            ) : (
              <>
                {!best.data.fullOverlap && (
                  <Alert severity="warning" sx={{ mb: 2 }} data-testid="planner-no-overlap">
                    No overlap: no time in these days falls inside everyone's working hours. These are the best compromises, with who would be outside their
                    hours.
                  </Alert>
                )}
                {slots.length === 0 ? (
                  <Typography color="text.secondary">No slot of this length fits in these days.</Typography>
                ) : (
                  <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
                    {slots.map((slot, i) => (
                      <SlotCard
                        key={slot.start}
                        slot={slot}
                        rank={i}
                        duration={state.duration}
                        chosen={slot.start === shown}
                        onChoose={() => setChosen(slot.start)}
                      />
                    ))}
                  </Stack>
                )}
              </>
            )}
          </section>
        </Stack>
      )}
    </Container>
  );
}
