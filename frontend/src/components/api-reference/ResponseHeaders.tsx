import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { monoFont } from '../../theme';
import { orderedHeaders } from '../../lib/api-reference/model';

/** A real answer's headers: the rate limit and data version ones always, the others on demand. */
export function ResponseHeaders({ headers }: { headers: Record<string, string> }) {
  const [showAll, setShowAll] = useState(false);
  const all = orderedHeaders(headers);
  const keyHeaders = all.filter((h) => h.rateLimit);
  const shown = showAll ? all : keyHeaders;
  if (all.length === 0) return null;
  return (
    <Box sx={{ mb: 1.5 }}>
      {shown.length > 0 && (
        <Box component="dl" aria-label="Response headers" data-testid="response-headers" sx={{ m: 0, fontFamily: monoFont, fontSize: 12 }}>
          {shown.map((h) => (
            // Name over value on phones, two aligned columns from sm up.
            <Box
              key={h.name}
              data-testid={h.rateLimit ? 'ratelimit-header' : undefined}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '240px minmax(0, 1fr)' },
                columnGap: 2,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box component="dt" sx={{ fontWeight: h.rateLimit ? 700 : 400, overflowWrap: 'anywhere' }}>
                {h.name}
              </Box>
              <Box component="dd" sx={{ m: 0, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {h.value}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {all.length > keyHeaders.length && (
        <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} sx={{ mt: 0.5, ml: -0.5 }}>
          {showAll ? 'Fewer headers' : `All headers (${all.length})`}
        </Button>
      )}
    </Box>
  );
}
