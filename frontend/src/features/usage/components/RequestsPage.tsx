import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SearchIcon from '@mui/icons-material/Search';
import { hasAdvancedAnalytics } from '@tzapi/shared/plans';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { useApiKeys } from '../../../lib/api-keys';
import { useAuth } from '../../../lib/auth';
import { browserTimeZone, formatDateTimeInZone } from '../../../lib/format';
import { zoneLongName } from '../../../lib/time';
import { methodTextSx, monoFont } from '../../../theme';
import { useUsageSummary } from '../api';
import { requestRanges, statusFilters, useRequestLog, type RequestFilter, type RequestRangeId } from '../api/requests';
import { AnalyticsUpsell, RequestAnalytics } from './RequestAnalytics';
import { RequestDetailDrawer } from './RequestDetailDrawer';
import { statusColor } from './UsageSummaryView';

const ALL = '__all__';
const HOUR_MS = 3_600_000;
/** Analytics cover at most 31 days (the server's limit): "All" draws the last 30. */
const ANALYTICS_DEFAULT_MS = 30 * 24 * HOUR_MS;
const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } };

/** A datetime-local value (the viewer's wall clock) as an ISO instant; null when empty or invalid. */
function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function rangeStart(id: RequestRangeId, now = Date.now()): string | null {
  const hours = requestRanges.find((r) => r.id === id)?.hours;
  return hours ? new Date(now - hours * HOUR_MS).toISOString() : null;
}

/** Usage → Requests: every request of the retention period, newest first, filtered, searchable, one at a time in a drawer. */
export function RequestsPage() {
  usePageMeta('Requests', 'Every request made with your API keys: filter, search by request ID and open one.');
  const { user } = useAuth();
  const zone = useMemo(() => browserTimeZone(), []);
  const analytics = hasAdvancedAnalytics(user?.plan);
  const keys = useApiKeys();
  const endpoints = useUsageSummary({ days: 90, endpoint: null }).data?.endpoints ?? [];

  const [rangeId, setRangeId] = useState<RequestRangeId>('24h');
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [filter, setFilter] = useState<RequestFilter>(() => ({
    from: rangeStart('24h'),
    to: null,
    keyId: null,
    endpoint: null,
    status: null,
    requestId: null,
  }));
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  const cursor = cursors.length ? cursors[cursors.length - 1] : null;
  const log = useRequestLog(filter, cursor, live);
  const change = (next: Partial<RequestFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setCursors([]);
  };
  const chooseRange = (id: RequestRangeId) => {
    setRangeId(id);
    if (id === 'custom') change({ from: localInputToIso(customFrom), to: localInputToIso(customTo) });
    else change({ from: rangeStart(id), to: null });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ requestId: search.trim() || null });
  };
  const analyticsRange = useMemo(() => {
    const to = filter.to ?? new Date().toISOString();
    const earliest = Date.parse(to) - ANALYTICS_DEFAULT_MS;
    const from = filter.from && Date.parse(filter.from) > earliest ? filter.from : new Date(earliest).toISOString();
    return { from, to, keyId: filter.keyId, endpoint: filter.endpoint };
  }, [filter]);

  const items = log.data?.items ?? [];
  const filtered = Boolean(filter.keyId || filter.endpoint || filter.status || filter.requestId || rangeId !== 'all');
  const endpointOptions = filter.endpoint && !endpoints.includes(filter.endpoint) ? [filter.endpoint, ...endpoints] : endpoints;

  return (
    <>
      <PageHeader
        title="Requests"
        subtitle={
          <span data-testid="requests-zone">
            Every request of the last 12 months, newest first. Times in your time zone: {zoneLongName(zone)} ({zone}).
          </span>
        }
        actions={<FormControlLabel control={<Switch checked={live} onChange={(e) => setLive(e.target.checked)} />} label="Live" />}
      />

      {analytics ? <RequestAnalytics range={analyticsRange} zone={zone} live={live} /> : <AnalyticsUpsell />}

      <Box component="section" aria-label="Filters" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: 'none' } }}>
          <InputLabel id="requests-range-label">Time range</InputLabel>
          <Select labelId="requests-range-label" label="Time range" value={rangeId} onChange={(e) => chooseRange(e.target.value as RequestRangeId)}>
            {requestRanges.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {rangeId === 'custom' && (
          <>
            <TextField
              size="small"
              type="datetime-local"
              label={`From (${zone})`}
              value={customFrom}
              onChange={(e) => {
                setCustomFrom(e.target.value);
                change({ from: localInputToIso(e.target.value) });
              }}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
            />
            <TextField
              size="small"
              type="datetime-local"
              label={`To (${zone})`}
              value={customTo}
              onChange={(e) => {
                setCustomTo(e.target.value);
                change({ to: localInputToIso(e.target.value) });
              }}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
            />
          </>
        )}
        <FormControl size="small" sx={{ minWidth: 150, flex: { xs: '1 1 45%', sm: 'none' } }}>
          <InputLabel id="requests-key-label">API Key</InputLabel>
          <Select
            labelId="requests-key-label"
            label="API Key"
            value={filter.keyId ?? ALL}
            onChange={(e) => change({ keyId: e.target.value === ALL ? null : String(e.target.value) })}
          >
            <MenuItem value={ALL}>All Keys</MenuItem>
            {(keys.data ?? []).map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.name} ({k.keyPrefix}…)
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180, flex: { xs: '1 1 45%', sm: 'none' } }}>
          <InputLabel id="requests-endpoint-label">Endpoint</InputLabel>
          <Select
            labelId="requests-endpoint-label"
            label="Endpoint"
            value={filter.endpoint ?? ALL}
            onChange={(e) => change({ endpoint: e.target.value === ALL ? null : String(e.target.value) })}
          >
            <MenuItem value={ALL}>All Endpoints</MenuItem>
            {endpointOptions.map((e) => (
              <MenuItem key={e} value={e}>
                {e}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 120, flex: { xs: '1 1 45%', sm: 'none' } }}>
          <InputLabel id="requests-status-label">Status</InputLabel>
          <Select
            labelId="requests-status-label"
            label="Status"
            value={filter.status ?? ALL}
            onChange={(e) => change({ status: e.target.value === ALL ? null : String(e.target.value) })}
          >
            <MenuItem value={ALL}>All Statuses</MenuItem>
            {statusFilters.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box component="form" role="search" onSubmit={submitSearch} sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' } }}>
          <TextField
            size="small"
            fullWidth
            label="Search by request ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { maxLength: 128 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {filter.requestId && (
                      <IconButton
                        aria-label="Clear the search"
                        onClick={() => {
                          setSearch('');
                          change({ requestId: null });
                        }}
                        edge="end"
                      >
                        <ClearIcon />
                      </IconButton>
                    )}
                    <IconButton aria-label="Search" type="submit" edge="end">
                      <SearchIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </Box>

      <Box sx={{ height: 4, mb: 1 }}>{log.isFetching && log.data && <LinearProgress aria-label="Loading requests" />}</Box>
      {log.isError && (
        <LoadError what="your requests" error={log.error} onRetry={() => log.refetch()} retrying={log.isFetching} stale={log.data !== undefined} />
      )}

      {log.isPending ? (
        <Box data-testid="requests-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : log.data && items.length === 0 ? (
        <EmptyState icon={<ListAltIcon />} title={filtered ? 'No requests match' : 'No requests yet'} testId="requests-empty">
          {filtered
            ? 'Nothing matches these filters. Widen the time range or clear a filter.'
            : 'Call the API with one of your keys and each request shows up here within seconds.'}
        </EmptyState>
      ) : log.data ? (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Requests">
              <TableHead>
                <TableRow>
                  <TableCell>Time ({zone})</TableCell>
                  <TableCell sx={hideOnPhone}>Method</TableCell>
                  <TableCell>Endpoint</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    Latency
                  </TableCell>
                  <TableCell sx={hideOnPhone}>Key</TableCell>
                  <TableCell sx={hideOnPhone}>Request ID</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((r) => (
                  <TableRow key={r.id} hover data-testid="request-row">
                    <TableCell sx={{ whiteSpace: { md: 'nowrap' } }}>
                      <Link component="button" type="button" onClick={() => setOpen(r.id)} sx={{ textAlign: 'left' }}>
                        {formatDateTimeInZone(r.timestamp, zone)}
                      </Link>
                    </TableCell>
                    <TableCell sx={[hideOnPhone, methodTextSx(r.method), { fontWeight: 600 }]}>{r.method}</TableCell>
                    <TableCell sx={{ fontFamily: monoFont, fontSize: 13, overflowWrap: 'anywhere' }}>{r.endpoint}</TableCell>
                    <TableCell>
                      <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} />
                    </TableCell>
                    <TableCell align="right" sx={hideOnPhone}>
                      {r.responseTime} ms
                    </TableCell>
                    <TableCell sx={hideOnPhone}>{r.keyName ?? 'Deleted key'}</TableCell>
                    <TableCell sx={[hideOnPhone, { fontFamily: monoFont, fontSize: 12 }]}>{r.requestId ? `${r.requestId.slice(0, 8)}…` : '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2, gap: 1 }}>
            <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Newer
            </Button>
            <Typography variant="body2" color="text.secondary">
              Page {cursors.length + 1}
            </Typography>
            <Button disabled={!log.data.nextCursor} onClick={() => log.data?.nextCursor && setCursors((c) => [...c, log.data!.nextCursor!])}>
              Older
            </Button>
          </Box>
        </>
      ) : null}
      <RequestDetailDrawer id={open} zone={zone} onClose={() => setOpen(null)} />
    </>
  );
}
