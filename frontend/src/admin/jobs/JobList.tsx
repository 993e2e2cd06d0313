import { useMutation, useQuery } from '@tanstack/react-query';
import { Datagrid, FunctionField, List, SelectInput, TextInput, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { AdminDataProvider, AdminJob, JobQueueCounts } from '../dataProvider';
import { EmptyList } from '../EmptyList';
import { formatDateTimeUtc } from '../../lib/format';

export const STATE_CHOICES = [
  { id: 'created', name: 'Waiting' },
  { id: 'retry', name: 'Waiting to retry' },
  { id: 'active', name: 'Running' },
  { id: 'completed', name: 'Done' },
  { id: 'failed', name: 'Failed' },
  { id: 'cancelled', name: 'Cancelled' },
];
const stateName = (id: string) => STATE_CHOICES.find((s) => s.id === id)?.name ?? id;
const stateColor = (id: string) => (id === 'failed' ? 'error' : id === 'completed' ? 'success' : id === 'retry' ? 'warning' : 'default');

/** "to ada@example.com · Verify your e-mail…": what the queue lets the console show of a job, never a mail's body. */
export function describeJob(job: Pick<AdminJob, 'summary'>): string {
  const { to, subject, ...rest } = job.summary ?? {};
  const parts = [to ? `to ${to}` : '', subject ?? '', ...Object.entries(rest).map(([k, v]) => `${k} ${v}`)].filter(Boolean);
  return parts.join(' · ') || '—';
}

function waited(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** Counts by queue and state, above the list. */
function QueueCounts() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({ queryKey: ['admin', 'job-queues'], queryFn: () => dataProvider.getJobQueues(), refetchInterval: 5000 });
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ mb: 2, overflowX: 'auto' }} data-testid="job-queues">
      <Table size="small" aria-label="Queues">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell align="right">Waiting</TableCell>
            <TableCell align="right">Running</TableCell>
            <TableCell align="right">Failed</TableCell>
            <TableCell align="right">Done</TableCell>
            <TableCell align="right">Oldest waiting</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((q: JobQueueCounts) => (
            <TableRow key={q.queue}>
              <TableCell component="th" scope="row">
                {q.queue}
              </TableCell>
              <TableCell align="right">{q.created + q.retry}</TableCell>
              <TableCell align="right">{q.active}</TableCell>
              <TableCell align="right">
                <Typography variant="body2" component="span" color={q.failed ? 'error' : undefined} sx={{ fontWeight: q.failed ? 700 : undefined }}>
                  {q.failed}
                </Typography>
              </TableCell>
              <TableCell align="right">{q.completed}</TableCell>
              <TableCell align="right">{waited(q.oldestWaitingSeconds)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** Retry (a failed job) and Discard (any job not running), each audited by the server. */
function JobActions() {
  const job = useRecordContext<AdminJob>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const retry = useMutation({
    mutationFn: (id: string) => dataProvider.retryJob(id),
    onSuccess: () => {
      notify('Job queued for another attempt', { type: 'success' });
      refresh();
    },
    onError: () => notify('Failed to retry the job', { type: 'error' }),
  });
  const discard = useMutation({
    mutationFn: (id: string) => dataProvider.discardJob(id),
    onSuccess: () => {
      notify('Job discarded', { type: 'success' });
      refresh();
    },
    onError: () => notify('Failed to discard the job', { type: 'error' }),
  });
  if (!job) return null;
  const busy = retry.isPending || discard.isPending;
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {job.state === 'failed' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={busy}
          onClick={() => retry.mutate(job.id)}
          aria-label={`Retry job ${describeJob(job)}`}
        >
          Retry
        </Button>
      )}
      {job.state !== 'active' && job.state !== 'completed' && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={busy}
          onClick={() => discard.mutate(job.id)}
          aria-label={`Discard job ${describeJob(job)}`}
        >
          Discard
        </Button>
      )}
    </Box>
  );
}

const filters = [
  <SelectInput key="state" source="state" label="State" choices={STATE_CHOICES} alwaysOn />,
  <TextInput key="queue" source="queue" label="Queue" alwaysOn />,
];

/** The console's Jobs page: what the job engine has queued, what failed and why, with Retry and Discard. */
export function JobList() {
  return (
    <List
      exporter={false}
      filters={filters}
      filterDefaultValues={{ state: 'failed' }}
      perPage={25}
      sort={{ field: 'createdAt', order: 'DESC' }}
      title="Jobs"
      empty={false}
    >
      <QueueCounts />
      <Datagrid rowClick={false} bulkActionButtons={false} empty={<EmptyList text="No jobs match these filters." />}>
        <FunctionField
          source="createdAt"
          label="Queued"
          sortable={false}
          render={(j: AdminJob) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTimeUtc(j.createdAt)}
            </Box>
          )}
        />
        <FunctionField source="queue" label="Queue" sortable={false} render={(j: AdminJob) => j.queue} />
        <FunctionField
          label="Job"
          sortable={false}
          render={(j: AdminJob) => (
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {describeJob(j)}
            </Box>
          )}
        />
        <FunctionField
          source="state"
          label="State"
          sortable={false}
          render={(j: AdminJob) => <Chip size="small" variant="outlined" color={stateColor(j.state)} label={stateName(j.state)} />}
        />
        <FunctionField label="Attempts" sortable={false} render={(j: AdminJob) => `${j.attempts} of ${j.maxAttempts}`} />
        <FunctionField
          label="Last error"
          sortable={false}
          render={(j: AdminJob) => (
            <Box component="span" sx={{ overflowWrap: 'anywhere', fontSize: 13 }}>
              {j.lastError ?? '—'}
            </Box>
          )}
        />
        <JobActions />
      </Datagrid>
    </List>
  );
}
