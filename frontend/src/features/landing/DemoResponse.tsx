import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '../../components/ui/CodeBlock';
import { abbreviation, formatOffset, isDstActive, isoInZone, offsetMinutes } from '../../lib/time';
import { monoFont } from '../../theme';

/** The ten demo zones with the location the API reports for them. */
export const demoZones = [
  { zone: 'America/New_York', country: 'United States', region: 'America' },
  { zone: 'America/Los_Angeles', country: 'United States', region: 'America' },
  { zone: 'America/Sao_Paulo', country: 'Brazil', region: 'America' },
  { zone: 'Europe/London', country: 'United Kingdom', region: 'Europe' },
  { zone: 'Europe/Paris', country: 'France', region: 'Europe' },
  { zone: 'Africa/Cairo', country: 'Egypt', region: 'Africa' },
  { zone: 'Asia/Dubai', country: 'United Arab Emirates', region: 'Asia' },
  { zone: 'Asia/Kolkata', country: 'India', region: 'Asia' },
  { zone: 'Asia/Tokyo', country: 'Japan', region: 'Asia' },
  { zone: 'Australia/Sydney', country: 'Australia', region: 'Australia' },
];

export function DemoResponse() {
  const [zone, setZone] = useState('America/New_York');
  const sample = useMemo(() => {
    const entry = demoZones.find((z) => z.zone === zone)!;
    const now = new Date();
    return {
      timezone: zone,
      current_time: isoInZone(zone, now),
      utc_offset: formatOffset(offsetMinutes(zone, now)),
      dst_active: isDstActive(zone, now),
      abbreviation: abbreviation(zone, now),
      location: { country: entry.country, region: entry.region },
    };
  }, [zone]);
  return (
    <Box>
      <FormControl fullWidth size="small" sx={{ mb: 2 }}>
        <InputLabel id="demo-zone-label">Time zone</InputLabel>
        <Select labelId="demo-zone-label" label="Time zone" value={zone} onChange={(e) => setZone(e.target.value)} data-testid="demo-zone-select">
          {demoZones.map((z) => (
            <MenuItem key={z.zone} value={z.zone}>
              {z.zone}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Typography variant="caption" sx={{ fontFamily: monoFont, color: 'text.secondary', display: 'block', mb: 1, wordBreak: 'break-all' }}>
        GET /api/time/current?timezone={zone}
      </Typography>
      <CodeBlock label="Sample response" code={JSON.stringify(sample, null, 2)} />
    </Box>
  );
}
