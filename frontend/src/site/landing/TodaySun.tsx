import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { api } from '../../lib/api';
import type { Models } from '../../lib/api-models';

/** "06:51" from "2027-03-28T06:51:12+02:00": the wall clock the API wrote with the offset in force at that instant. */
const wallClock = (time: string) => time.slice(11, 16);

function sunLine(day: Models['AstronomyDayView']): string {
  if (day.sun_status === 'sun_always_up') return 'Sun up all day';
  if (day.sun_status === 'sun_always_down') return 'Sun down all day';
  return `Sunrise ${day.sunrise ? wallClock(day.sunrise.time) : '—'} · Sunset ${day.sunset ? wallClock(day.sunset.time) : '—'}`;
}

/** Today's sunrise and sunset at a world clock city, as the API answers them; nothing while loading or if the call fails. */
export function TodaySun({ city }: { city: string }) {
  const answer = useQuery({
    queryKey: ['demo-sun', city],
    queryFn: ({ signal }) =>
      // The keyless route (backend: public-sun.controller.ts; the demo's zones only, limited per IP).
      api.get('/api/public/demo/sun', { params: { query: { city } }, signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const day = answer.data?.days[0];
  if (!day) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="world-clock-sun">
      {sunLine(day)}
    </Typography>
  );
}
