import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BooleanInput,
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ReplayIcon from '@mui/icons-material/Replay';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { AdminDataProvider, AdminJob } from '../dataProvider';
import { EmptyList } from '../EmptyList';
import { useWhen } from '../../components/ui/when';
import { useDisplayZone } from '../../lib/time';
import { WebhookEndpointList } from '../webhooks/WebhookEndpointList';
import { QueueCounts } from './QueueCounts';
import { attemptsText, describeJob, STATE_CHOICES, stateColor, stateName } from './jobText';

export { describeJob, STATE_CHOICES } from './jobText';

/** Retry (a failed job) and Discard (any job not running, undoable for a few seconds as react-admin's demo does), each audited. */
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
  if (!job) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      {job.state === 'failed' && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={retry.isPending}
          onClick={() => retry.mutate(job.id)}
          aria-label={`Retry job ${describeJob(job)}`}
        >
          Retry
        </Button>
      )}
      {job.state !== 'active' && job.state !== 'completed' && (
        <DeleteButton
          size="small"
          label="Discard"
          icon={<DeleteOutlineIcon />}
          mutationMode="undoable"
          redirect={false}
          successMessage="Job discarded"
          aria-label={`Discard job ${describeJob(job)}`}
        />
      )}
    </Box>
  );
}

/** The failing webhook endpoints by customer and event: what a failed delivery job is about, before its jobs. */
function FailingWebhooks() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({ queryKey: ['admin', 'webhooks', 'failing'], queryFn: () => dataProvider.getFailingWebhooks(), refetchInterval: 10_000 });
  if (!data?.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="failing-webhooks-title" data-testid="failing-webhooks">
      <CardContent>
        <Typography variant="h6" component="h2" id="failing-webhooks-title" sx={{ mb: 1 }}>
          Failing webhook endpoints ({data.length})
        </Typography>
        <WebhookEndpointList endpoints={data} empty="No endpoint is failing." />
      </CardContent>
    </Card>
  );
}

function JobsHeader() {
  const { filterValues } = useListContext();
  return (
    <>
      <QueueCounts showInternal={filterValues.internal === true} />
      <FailingWebhooks />
    </>
  );
}

const filters = [
  <BooleanInput key="attention" source="attention" label="Needs attention" alwaysOn />,
  <SelectInput key="state" source="state" label="State" choices={STATE_CHOICES} alwaysOn />,
  <TextInput key="queue" source="queue" label="Queue" />,
  <TextInput key="customer" source="customer" label="Customer" />,
  <TextInput key="event" source="event" label="Event" />,
  <BooleanInput key="internal" source="internal" label="Show internal queues" alwaysOn />,
];

const stateChip = (j: AdminJob) => <Chip size="small" variant="outlined" color={stateColor(j.state)} label={stateName(j.state)} />;

/**
 * The console's Jobs page: it opens on what needs attention (failed jobs and those waiting for a retry), the engine's
 * scheduled housekeeping queues hidden unless asked; each job reads as its work, with its attempts and next retry.
 * Under 600 px the rows are a list, so the page never scrolls sideways.
 */
export function JobList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const when = useWhen();
  const { zone } = useDisplayZone();
  return (
    <List
      exporter={false}
      filters={filters}
      filterDefaultValues={{ attention: true }}
      perPage={25}
      sort={{ field: 'createdAt', order: 'DESC' }}
      title="Jobs"
      empty={false}
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <JobsHeader />
      {small ? (
        <SimpleList<AdminJob>
          primaryText={(j) => describeJob(j)}
          secondaryText={(j) => `${j.queue} · ${stateName(j.state)} · ${attemptsText(j, zone)}${j.lastError ? ` · ${j.lastError}` : ''}`}
          tertiaryText={(j) => when(j.createdAt)}
          linkType={false}
          empty={<EmptyList text="Nothing needs attention with these filters." />}
          sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<EmptyList text="Nothing needs attention with these filters." />}>
          <FunctionField
            source="createdAt"
            label="Queued"
            sortable={false}
            render={(j: AdminJob) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {when(j.createdAt)}
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
          <FunctionField source="state" label="State" sortable={false} render={stateChip} />
          <FunctionField label="Attempts" sortable={false} render={(j: AdminJob) => attemptsText(j, zone)} />
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
      )}
    </List>
  );
}
