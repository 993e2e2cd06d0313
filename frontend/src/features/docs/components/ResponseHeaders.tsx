import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { monoFont } from '../../../theme';
import { orderedHeaders } from '../model';

/** A real answer's headers: the rate limit and data version ones always, the others on demand. */
export function ResponseHeaders({ headers }: { headers: Record<string, string> }) {
  const [showAll, setShowAll] = useState(false);
  const all = orderedHeaders(headers);
  if (all.length === 0) return null;
  const shown = showAll ? all : all.filter((h) => h.rateLimit);
  const hidden = all.length - all.filter((h) => h.rateLimit).length;
  return (
    <Box sx={{ mb: 1.5 }}>
      {shown.length > 0 && (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Response headers">
          <Table size="small" data-testid="response-headers">
            <TableBody>
              {shown.map((h) => (
                <TableRow key={h.name} data-testid={h.rateLimit ? 'ratelimit-header' : undefined}>
                  <TableCell sx={{ fontFamily: monoFont, fontSize: 12, whiteSpace: 'nowrap', pl: 0, fontWeight: h.rateLimit ? 700 : 400 }}>{h.name}</TableCell>
                  <TableCell sx={{ fontFamily: monoFont, fontSize: 12, wordBreak: 'break-all', pr: 0 }}>{h.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {hidden > 0 && (
        <Button size="small" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} sx={{ mt: 0.5, ml: -0.5 }}>
          {showAll ? 'Fewer headers' : `All headers (${all.length})`}
        </Button>
      )}
    </Box>
  );
}
