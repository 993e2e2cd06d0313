import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
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
      {/* A plain native select: tiny, and the platform picker on phones. */}
      <Box component="label" htmlFor="demo-zone" sx={{ display: 'block', fontSize: 12, fontWeight: 600, color: 'text.secondary', mb: 0.5 }}>
        Time zone
      </Box>
      <Box
        component="select"
        id="demo-zone"
        data-testid="demo-zone-select"
        value={zone}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => setZone(e.target.value)}
        sx={{
          width: '100%',
          mb: 2,
          p: 1,
          font: 'inherit',
          fontSize: 15,
          borderRadius: 1,
          border: 1,
          borderColor: 'text.secondary',
          bgcolor: 'background.paper',
          color: 'text.primary',
        }}
      >
        {demoZones.map((z) => (
          <option key={z.zone} value={z.zone}>
            {z.zone}
          </option>
        ))}
      </Box>
      <Typography variant="caption" sx={{ fontFamily: monoFont, color: 'text.secondary', display: 'block', mb: 1, wordBreak: 'break-all' }}>
        GET /api/time/current?timezone={zone}
      </Typography>
      <CodeBlock label="Sample response" code={JSON.stringify(sample, null, 2)} />
    </Box>
  );
}
