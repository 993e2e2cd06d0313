import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Grid from '@mui/material/Grid';
import { usePageMeta } from '../../../components/ui/usePageMeta';
import { LoadError } from '../../../components/ui/LoadError';
import { useApiOrigin } from '../../../config/publicConfig';
import { PageHeader } from '../../../components/dashboard/PageHeader';
import { useApiKeys } from '../../../lib/api-keys';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { rangeStart, useDisplayZone } from '../../../lib/time';
import { DEFAULT_RANGE_DAYS, usageCsvUrl, usageRanges, useUsageSummary } from '../api';
import { RequestDetailDrawer } from './RequestDetailDrawer';
import { UsageSummaryView } from './UsageSummaryView';

const ALL = '__all__';

export function UsagePage() {
  usePageMeta('Usage', 'Requests, status codes and response times of your API keys.');
  const [days, setDays] = useState<number>(DEFAULT_RANGE_DAYS);
  const [endpoint, setEndpoint] = useState<string>(ALL);
  const [keyId, setKeyId] = useState<string>(ALL);
  const { zone } = useDisplayZone();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const filter = { days, endpoint: endpoint === ALL ? null : endpoint, keyId: keyId === ALL ? null : keyId, tz: zone };
  const summary = useUsageSummary(filter);
  const keys = useApiKeys();
  const apiOrigin = useApiOrigin();
  const keyPrefix = (keys.data ?? []).find((k) => k.isActive)?.keyPrefix ?? keys.data?.[0]?.keyPrefix ?? null;
  const endpoints = summary.data?.endpoints ?? [];
  const endpointOptions = endpoint !== ALL && !endpoints.includes(endpoint) ? [endpoint, ...endpoints] : endpoints;

  const filters = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
      <FormControl size="small" sx={{ minWidth: 150, flex: { xs: 1, sm: 'none' } }}>
        <InputLabel id="usage-range-label">Range</InputLabel>
        <Select labelId="usage-range-label" label="Range" value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="usage-range">
          {usageRanges.map((r) => (
            <MenuItem key={r.days} value={r.days}>
              {r.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 190, flex: { xs: 1, sm: 'none' } }}>
        <InputLabel id="usage-endpoint-label">Endpoint</InputLabel>
        <Select
          labelId="usage-endpoint-label"
          label="Endpoint"
          value={endpoint}
          onChange={(e) => setEndpoint(String(e.target.value))}
          data-testid="usage-endpoint"
        >
          <MenuItem value={ALL}>All Endpoints</MenuItem>
          {endpointOptions.map((e) => (
            <MenuItem key={e} value={e}>
              {e}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 170, flex: { xs: 1, sm: 'none' } }}>
        <InputLabel id="usage-key-label">API Key</InputLabel>
        <Select labelId="usage-key-label" label="API Key" value={keyId} onChange={(e) => setKeyId(String(e.target.value))} data-testid="usage-key">
          <MenuItem value={ALL}>All Keys</MenuItem>
          {(keys.data ?? []).map((k) => (
            <MenuItem key={k.id} value={k.id}>
              {k.name} ({k.keyPrefix}…)
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        href={usageCsvUrl(filter)}
        download
        onClick={(event) => {
          // The range ends at the moment of the click, not of the last render.
          event.currentTarget.setAttribute('href', usageCsvUrl(filter));
        }}
      >
        Export CSV
      </Button>
    </Box>
  );

  return (
    <>
      <PageHeader title="Usage" subtitle="Every call made with your keys, including refused ones." actions={filters} />
      <Box sx={{ height: 4, mb: 1 }}>{summary.isFetching && summary.data && <LinearProgress aria-label="Refreshing usage" />}</Box>
      {summary.isError && (
        <LoadError what="your usage" error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} stale={summary.data !== undefined} />
      )}
      {summary.data ? (
        <UsageSummaryView
          summary={summary.data}
          keyPrefix={keyPrefix}
          origin={apiOrigin}
          rangeDays={days}
          zone={zone}
          filtered={endpoint !== ALL || keyId !== ALL || days !== DEFAULT_RANGE_DAYS}
          onOpenRequest={(r) => setOpen(r.logId)}
          onStatusClick={(status) => {
            // The same window on the Requests page, narrowed to that status.
            const params = new URLSearchParams({ from: new Date(rangeStart(days, zone)).toISOString(), status: String(status) });
            if (filter.endpoint) params.set('endpoint', filter.endpoint);
            if (filter.keyId) params.set('keyId', filter.keyId);
            navigate(`${paths.dashboard.requests}?${params}`);
          }}
        />
      ) : summary.isPending ? (
        <Grid container spacing={2} data-testid="usage-loading">
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 6, md: 3 }}>
              <Skeleton variant="rounded" height={110} />
            </Grid>
          ))}
          <Grid size={12}>
            <Skeleton variant="rounded" height={300} />
          </Grid>
        </Grid>
      ) : null}
      {(() => {
        const recent = summary.data?.recent ?? [];
        const index = recent.findIndex((r) => r.logId === open);
        return (
          <RequestDetailDrawer
            id={open}
            zone={zone}
            onClose={() => setOpen(null)}
            onPrevious={index > 0 ? () => setOpen(recent[index - 1].logId) : undefined}
            onNext={index >= 0 && index < recent.length - 1 ? () => setOpen(recent[index + 1].logId) : undefined}
          />
        );
      })()}
    </>
  );
}
