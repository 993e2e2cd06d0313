import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
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
import { CopyButton } from '../../../components/ui/CopyButton';
import { formatDuration, formatInstant, localDateOf, offsetMinutes, startOfLocalDay, useDisplayZone, zoneLongName } from '../../../lib/time';
import { readRequestsView, writeRequestsView, type RequestsView } from '../api/request-url';
import { methodTextSx, monoFont } from '../../../theme';
import { useUsageSummary } from '../api';
import { requestRanges, statusFilters, useRequestLog, type RequestFilter, type RequestRangeId } from '../api/requests';
import { rangeFrom } from '../api/request-url';
import { AnalyticsUpsell, RequestAnalytics } from './RequestAnalytics';
import { RequestDetailDrawer } from './RequestDetailDrawer';
import { statusColor } from './UsageSummaryView';

const ALL = '__all__';
const HOUR_MS = 3_600_000;
/** Analytics cover at most 31 days (the server's limit): "All" draws the last 30. */
const ANALYTICS_DEFAULT_MS = 30 * 24 * HOUR_MS;
const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } };

/** A datetime-local value, read on the display zone's wall clock, as an ISO instant; null when empty or invalid. */
function localInputToIso(value: string, zone: string): string | null {
  const civil = Date.parse(`${value}Z`);
  if (!value || Number.isNaN(civil)) return null;
  const at = civil - offsetMinutes(zone, new Date(civil)) * 60_000;
  return new Date(civil - offsetMinutes(zone, new Date(at)) * 60_000).toISOString();
}

/** Usage → Requests: every request of the retention period, newest first, filtered, searchable, one at a time in a drawer. */
export function RequestsPage() {
  usePageMeta('Requests', 'Every request made with your API keys: filter, search by request ID and open one.');
  const { user } = useAuth();
  const { zone } = useDisplayZone();
  const analytics = hasAdvancedAnalytics(user?.plan);
  const keys = useApiKeys();
  const endpoints = useUsageSummary({ days: 90, endpoint: null }).data?.endpoints ?? [];

  // Every filter and the open request live in the URL: a filter set or a request is a link to share.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readRequestsView(params, zone), [params, zone]);
  const { filter, range: rangeId } = view;
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [search, setSearch] = useState(filter.requestId ?? '');
  const [cursors, setCursors] = useState<string[]>([]);
  const [live, setLive] = useState(false);

  const cursor = cursors.length ? cursors[cursors.length - 1] : null;
  const log = useRequestLog(filter, cursor, live);
  const show = (next: Partial<Omit<RequestsView, 'filter'>> & { filter?: Partial<RequestFilter> }) => {
    const merged: RequestsView = { ...view, ...next, filter: { ...filter, ...next.filter } };
    if (next.filter) setCursors([]);
    setParams(writeRequestsView(merged));
  };
  const change = (next: Partial<RequestFilter>) => show({ filter: next, open: null });
  const chooseRange = (id: RequestRangeId) => {
    if (id === 'custom') show({ range: id, filter: { from: localInputToIso(customFrom, zone), to: localInputToIso(customTo, zone) }, open: null });
    else show({ range: id, filter: { from: rangeFrom(id, zone), to: null }, open: null });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ requestId: search.trim() || null });
  };
  const found = filter.requestId ? log.data?.items[0] : undefined;
  const analyticsRange = useMemo(() => {
    if (found) {
      // An id is searched across all time: the chart shows the local day the request was made on.
      const day = localDateOf(zone, Date.parse(found.timestamp));
      const from = startOfLocalDay(zone, day);
      return { from: new Date(from).toISOString(), to: new Date(from + 24 * HOUR_MS).toISOString(), keyId: null, endpoint: null };
    }
    const to = filter.to ?? new Date().toISOString();
    const earliest = Date.parse(to) - ANALYTICS_DEFAULT_MS;
    const from = filter.from && Date.parse(filter.from) > earliest ? filter.from : new Date(earliest).toISOString();
    return { from, to, keyId: filter.keyId, endpoint: filter.endpoint };
  }, [filter, found, zone]);

  const items = log.data?.items ?? [];
  const openIndex = items.findIndex((r) => r.id === view.open);
  const filtered = Boolean(filter.keyId || filter.endpoint || filter.status || filter.requestId || rangeId !== 'all');
  const endpointOptions = filter.endpoint && !endpoints.includes(filter.endpoint) ? [filter.endpoint, ...endpoints] : endpoints;

  return (
    <>
      <PageHeader
        title="Requests"
        subtitle={
          <span data-testid="requests-zone">
            Every request of the last 12 months, newest first. Times in {zoneLongName(zone)} ({zone}).
          </span>
        }
        actions={<FormControlLabel control={<Switch checked={live} onChange={(e) => setLive(e.target.checked)} />} label="Live" />}
      />

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
                show({ range: 'custom', filter: { from: localInputToIso(e.target.value, zone) } });
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
                show({ range: 'custom', filter: { to: localInputToIso(e.target.value, zone) } });
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

      {analytics ? (
        <RequestAnalytics
          range={analyticsRange}
          zone={zone}
          live={live}
          caption={found ? `The day of request ${found.requestId}.` : undefined}
          onSelect={(from, to, status) => show({ range: 'custom', filter: { from, to, status: status ?? filter.status, requestId: null }, open: null })}
        />
      ) : (
        <AnalyticsUpsell />
      )}

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
                  <TableCell>Time</TableCell>
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
                      <Link component="button" type="button" onClick={() => show({ open: r.id })} sx={{ textAlign: 'left' }}>
                        {formatInstant(r.timestamp, zone, 'second')}
                      </Link>
                    </TableCell>
                    <TableCell sx={[hideOnPhone, methodTextSx(r.method), { fontWeight: 600 }]}>{r.method}</TableCell>
                    <TableCell sx={{ fontFamily: monoFont, fontSize: 13, whiteSpace: 'nowrap' }}>{r.endpoint}</TableCell>
                    <TableCell>
                      <Chip size="small" color={statusColor(r.statusCode)} label={r.statusCode} />
                    </TableCell>
                    <TableCell align="right" sx={[hideOnPhone, { whiteSpace: 'nowrap' }]}>
                      {formatDuration(r.responseTime)}
                    </TableCell>
                    <TableCell sx={hideOnPhone}>{r.keyName ?? 'Deleted key'}</TableCell>
                    <TableCell sx={[hideOnPhone, { fontFamily: monoFont, fontSize: 12, whiteSpace: 'nowrap' }]}>
                      {r.requestId ? (
                        <>
                          {r.requestId}
                          <CopyButton text={r.requestId} label="Copy the request ID" />
                        </>
                      ) : (
                        '–'
                      )}
                    </TableCell>
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
      <RequestDetailDrawer
        id={view.open}
        zone={zone}
        onClose={() => show({ open: null })}
        onPrevious={openIndex > 0 ? () => show({ open: items[openIndex - 1].id }) : undefined}
        onNext={openIndex >= 0 && openIndex < items.length - 1 ? () => show({ open: items[openIndex + 1].id }) : undefined}
      />
    </>
  );
}
