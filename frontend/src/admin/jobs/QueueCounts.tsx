import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminDataProvider, JobQueueCounts } from '../dataProvider';
import { waited } from './jobText';

function Figure({ label, value, alert }: { label: string; value: string | number; alert?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" color={alert ? 'error' : undefined} sx={{ fontWeight: alert ? 700 : undefined }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Counts by queue, one card a queue in a grid that wraps (a phone shows one or two a row, never a scrolled table). */
export function QueueCounts({ showInternal }: { showInternal: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({ queryKey: ['admin', 'job-queues'], queryFn: () => dataProvider.getJobQueues(), refetchInterval: 5000 });
  if (!data) return null;
  const queues = data.filter((q: JobQueueCounts) => showInternal || !q.internal);
  return (
    <Box
      data-testid="job-queues"
      aria-label="Queues"
      role="list"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1, mb: 2 }}
    >
      {queues.map((q: JobQueueCounts) => (
        <Paper key={q.queue} variant="outlined" role="listitem" sx={{ p: 1.25, minWidth: 0 }} data-testid={`queue-${q.queue}`}>
          <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {q.queue}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
            <Figure label="Waiting" value={q.created + q.retry} />
            <Figure label="Failed" value={q.failed} alert={q.failed > 0} />
            <Figure label="Running" value={q.active} />
            <Figure label="Oldest waiting" value={waited(q.oldestWaitingSeconds)} alert={(q.oldestWaitingSeconds ?? 0) > 3600} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
