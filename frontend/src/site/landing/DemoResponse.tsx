import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import { CodeBlock } from '../../components/ui/CodeBlock';
import { api, isApiError } from '../../lib/api';
import { monoFont } from '../../theme';
import { DEMO_ZONES } from '@tzapi/shared/site';

/** The ten zones the keyless demo route answers for (the server's own list, @tzapi/shared/site). */
export const demoZones = DEMO_ZONES.map((zone) => ({ zone }));

/** The live demo: each pick of a zone is a real call to the API's public demo route (no key, rate-limited per IP). */
export function DemoResponse() {
  const [zone, setZone] = useState('America/New_York');
  const answer = useQuery({
    queryKey: ['demo-current', zone],
    queryFn: ({ signal }) => api.get('/api/public/demo/current', { params: { query: { timezone: zone } }, signal }),
    // The time moves on: a zone picked again is asked again.
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  const failed = answer.isError;
  const failure =
    isApiError(answer.error) && answer.error.status === 429
      ? 'The live demo is busy for your address: try again in a minute, or create a free API key.'
      : 'The live demo could not be reached just now. Please try again in a moment.';
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        {answer.data && !failed && (
          <Chip icon={<BoltIcon />} label="Live from our API" size="small" color="success" variant="outlined" data-testid="demo-live" />
        )}
        <Typography variant="caption" sx={{ fontFamily: monoFont, color: 'text.secondary', wordBreak: 'break-all' }}>
          GET /api/time/current?timezone={zone}
        </Typography>
      </Box>
      {failed ? (
        // Said in words beside the request, not as a response: nothing was answered.
        <Alert
          severity="warning"
          data-testid="demo-error"
          action={
            <Button color="inherit" size="small" onClick={() => void answer.refetch()} disabled={answer.isFetching}>
              Retry
            </Button>
          }
        >
          {failure}
        </Alert>
      ) : (
        <>
          <CodeBlock label="Response" code={answer.data ? JSON.stringify(answer.data, null, 2) : 'Calling the API…'} />
          {answer.data && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Answered just now by our public demo endpoint (no key, a few calls a minute); with your key, /api/time/current answers the same for every zone.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
