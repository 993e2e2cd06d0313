import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { clockDate, zoneLongName, clockTime, formatOffset, offsetMinutes } from '../../lib/time';
import { monoFont } from '../../theme';
import { paths } from '../../config/paths';
import { WORLD_CLOCK_CITIES } from '@tzapi/shared/site';
import { TodaySun } from './TodaySun';

/** The cards, one list with the server's (its keyless sun route allows a page view's worth of calls per card). */
export const worldClockCities = WORLD_CLOCK_CITIES;

export const CLOCK_REFRESH_MS = 1000;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function WorldClocks() {
  const now = useNow(CLOCK_REFRESH_MS);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } }}>
        {worldClockCities.map(({ city, zone }) => (
          <Card key={zone} data-testid="world-clock">
            <CardContent sx={{ textAlign: 'center', p: 2, '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle2" component="h3">
                {city}
              </Typography>
              <Typography sx={{ fontFamily: monoFont, fontSize: { xs: 20, sm: 24 }, fontWeight: 700, my: 0.5 }} aria-label={`Current time in ${city}`}>
                <time dateTime={now.toISOString()}>{clockTime(zone, now)}</time>
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {clockDate(zone, now)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                <span data-testid="world-clock-zone">{zoneLongName(zone, now)}</span>
                <br />
                UTC{formatOffset(offsetMinutes(zone, now))}
              </Typography>
              <TodaySun city={city} />
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Button component={RouterLink} to={paths.timezoneData} variant="outlined">
          Explore All Timezones
        </Button>
      </Box>
    </>
  );
}
