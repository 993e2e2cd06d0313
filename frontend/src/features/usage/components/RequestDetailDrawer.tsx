import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/LoadError';
import { formatDateTimeInZone } from '../../../lib/format';
import { monoFont } from '../../../theme';
import { useRequestDetail } from '../api/requests';
import { statusColor } from './UsageSummaryView';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const mono = { fontFamily: monoFont, fontSize: 13 };

/** One request of the log: everything the server kept of it (never the key's secret nor secret parameters). */
export function RequestDetailDrawer({ id, zone, onClose }: { id: string | null; zone: string; onClose: () => void }) {
  const detail = useRequestDetail(id);
  const r = detail.data;
  const parameters = Object.entries(r?.parameters ?? {});
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, p: 2 }, role: 'dialog', 'aria-labelledby': 'request-detail-title' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="request-detail-title" variant="h6" component="h2">
          Request details
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ height: 4 }}>{detail.isFetching && <LinearProgress aria-label="Loading the request" />}</Box>
      {detail.isError && <LoadError what="this request" error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />}
      {r && (
        <Box component="dl" sx={{ m: 0 }} data-testid="request-detail">
          <Field label={`Time (${zone})`}>{formatDateTimeInZone(r.timestamp, zone)}</Field>
          <Field label="Method and route">
            <Box component="span" sx={mono}>
              {r.method} {r.route}
            </Box>
          </Field>
          <Field label="Parameters">
            {parameters.length ? (
              <Box component="span" sx={{ ...mono, display: 'block' }}>
                {parameters.map(([name, value]) => (
                  <Box component="span" key={name} sx={{ display: 'block' }}>
                    {name} = {value}
                  </Box>
                ))}
              </Box>
            ) : (
              'None in the query string (request bodies are not logged)'
            )}
          </Field>
          <Field label="Status">
            <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} />
            {r.problemCode && (
              <Box component="span" sx={{ ...mono, ml: 1 }}>
                {r.problemCode}
              </Box>
            )}
          </Field>
          <Field label="Latency">{r.responseTime} ms</Field>
          <Field label="Client IP">{r.ipAddress ?? 'Unknown'}</Field>
          <Field label="API key">
            {r.key.name ?? 'Deleted key'}
            {r.key.masked && (
              <Box component="span" sx={{ ...mono, ml: 1 }}>
                {r.key.masked}
              </Box>
            )}
          </Field>
          <Field label="X-Request-Id">
            <Box component="span" sx={mono}>
              {r.requestId ?? 'Not recorded'}
            </Box>
          </Field>
        </Box>
      )}
    </Drawer>
  );
}
