import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LinkIcon from '@mui/icons-material/Link';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { ReactNode } from 'react';
import { CopyButton, copyText } from '../../../components/ui/CopyButton';
import { LoadError } from '../../../components/ui/LoadError';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useApiOrigin } from '../../../config/publicConfig';
import { formatDuration, formatInstant } from '../../../lib/time';
import { monoFont } from '../../../theme';
import { useRequestDetail, type RequestDetail } from '../api/requests';
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

/** The request as a cURL command: the route as logged (secrets already redacted), the key masked; bodies are not logged. */
export function curlOf(r: Pick<RequestDetail, 'method' | 'route' | 'key'>, origin: string): string {
  const method = r.method === 'GET' ? '' : ` -X ${r.method}`;
  return `curl${method} "${origin}${r.route}" \\\n  -H "X-API-Key: ${r.key.masked ?? 'YOUR_API_KEY'}"`;
}

/** The page that opens this request's drawer. */
export function requestUrl(id: string): string {
  return `${window.location.origin}${paths.dashboard.requests}?${new URLSearchParams({ request: id })}`;
}

async function copy(text: string, what: string) {
  const ok = await copyText(text);
  toast({ title: ok ? 'Copied to clipboard' : 'Copy failed', description: ok ? what : 'Select the text and copy it yourself.' });
}

/** One request of the log: everything the server kept of it (never the key's secret nor secret parameters). */
export function RequestDetailDrawer({
  id,
  zone,
  onClose,
  onPrevious,
  onNext,
}: {
  id: string | null;
  zone: string;
  onClose: () => void;
  /** The newer request of the list, when there is one. */
  onPrevious?: () => void;
  /** The older request of the list, when there is one. */
  onNext?: () => void;
}) {
  const detail = useRequestDetail(id);
  const origin = useApiOrigin();
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
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Newer request">
            <span>
              <IconButton aria-label="Newer request" onClick={onPrevious} disabled={!onPrevious}>
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Older request">
            <span>
              <IconButton aria-label="Older request" onClick={onNext} disabled={!onNext}>
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Box>
      {r && id && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<TerminalIcon />}
            onClick={() => void copy(curlOf(r, origin), 'The request as cURL, with your key masked.')}
          >
            Copy as cURL
          </Button>
          <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={() => void copy(requestUrl(id), 'A link that opens this request.')}>
            Copy link
          </Button>
        </Stack>
      )}
      <Box sx={{ height: 4 }}>{detail.isFetching && <LinearProgress aria-label="Loading the request" />}</Box>
      {detail.isError && <LoadError what="this request" error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />}
      {r && (
        <Box component="dl" sx={{ m: 0 }} data-testid="request-detail">
          <Field label="Time">
            <Box component="time" dateTime={r.timestamp} title={r.timestamp}>
              {formatInstant(r.timestamp, zone, 'second')}
            </Box>
          </Field>
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
              <Link
                href={`${paths.docsErrors}#${encodeURIComponent(r.problemCode)}`}
                target="_blank"
                rel="noopener"
                sx={{ ...mono, ml: 1 }}
                data-testid="problem-docs"
              >
                {r.problemCode}
              </Link>
            )}
          </Field>
          <Field label="Latency">{formatDuration(r.responseTime)}</Field>
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
            <Box component="span" sx={mono} data-testid="detail-request-id">
              {r.requestId ?? 'Not recorded'}
            </Box>
            {r.requestId && <CopyButton text={r.requestId} label="Copy the request ID" />}
          </Field>
        </Box>
      )}
    </Drawer>
  );
}
