import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReferenceManyField, Show, useDataProvider, useListContext, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminApiKey, AdminDataProvider, AdminInvoice, AdminUser, AdminUserUsage, AuditEntry } from '../dataProvider';
import { roleName, userLabel } from '../choices';
import { formatAmount, formatNumber } from '../../lib/format';
import { useDisplayZone, useFormatInstant, zoneLongName } from '../../lib/time';
import { monoFont } from '../../theme';
import { EmptyList } from '../EmptyList';
import { WebhookEndpointList } from '../webhooks/WebhookEndpointList';
import { ChangeNoticeList } from './ChangeNoticeList';
import { actionName, describeChange } from '../auditLog/auditText';
import { describeLimits } from './LimitsForm';
import { BlockToggleButton, ManageUserButton } from './UserActions';
import { UserPlan, UserStatus } from './UserList';

export const userUsageQueryKey = (id: string, zone: string) => ['admin', 'users', id, 'usage', zone] as const;
export const userInvoicesQueryKey = (id: string) => ['admin', 'users', id, 'invoices'] as const;

function Section({ title, children, testId, caption }: { title: string; children: ReactNode; testId: string; caption?: string }) {
  return (
    <Card component="section" aria-labelledby={`${testId}-title`} data-testid={testId} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id={`${testId}-title`}>
          {title}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary" component="p">
            {caption}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** A failed load says so and offers another try. */
function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      Could not load the {what}.
    </Alert>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Who the user is, the plan and limits they run under, their state, and the actions that apply (none once closed). */
function Profile() {
  const user = useRecordContext<AdminUser>();
  const when = useFormatInstant();
  if (!user) return null;
  const closed = Boolean(user.closedAt);
  return (
    <Section title="Profile" testId="user-profile">
      <Stack spacing={2}>
        <Box>
          <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }} data-testid="user-name">
            {userLabel(user)}
          </Typography>
          {userLabel(user) !== user.email && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Field label="Plan">
            <UserPlan />
          </Field>
          <Field label="State">
            <UserStatus />
          </Field>
          <Field label="Role">{roleName(user.role)}</Field>
          <Field label="Created">{when(user.createdAt)}</Field>
        </Box>
        <Field label="Limits">
          <span data-testid="user-limits">{describeLimits(user.limits)}</span>
        </Field>
        {closed ? (
          <Alert severity="info" data-testid="user-closed">
            Closed by the customer on {when(user.closedAt)}. Its keys, sessions and subscription ended with it; no console action applies.
          </Alert>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ManageUserButton />
            <BlockToggleButton />
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

function KeyRows() {
  const { data, isPending, error, refetch } = useListContext<AdminApiKey>();
  const when = useFormatInstant();
  if (isPending) return <Skeleton height={48} />;
  if (error) return <LoadFailed what="API keys" retry={() => void refetch()} />;
  if (!data?.length) return <EmptyList text="This user has no API keys." />;
  return (
    <List dense disablePadding>
      {data.map((key) => (
        <ListItem key={key.id} disableGutters divider>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{key.name}</span>
                <Typography component="span" variant="body2" sx={{ fontFamily: monoFont }}>
                  {key.keyPrefix}…
                </Typography>
                <Chip size="small" label={key.isActive ? 'Active' : 'Inactive'} color={key.isActive ? 'success' : 'default'} variant="outlined" />
              </Stack>
            }
            secondary={`Created ${when(key.createdAt)} · Last used ${key.lastUsedAt ? when(key.lastUsedAt) : 'Never'}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Requests per day of the display zone, the last 30 days, as bars, with the month's totals in words. */
export function UsageChart({ usage }: { usage: AdminUserUsage }) {
  const errors = usage.days.reduce((sum, d) => sum + d.clientErrors + d.serverErrors, 0);
  if (usage.totalRequests === 0) return <EmptyList text="No API requests in the last 30 days." />;
  const label = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <>
      <Typography variant="body2" data-testid="user-usage-total">
        {formatNumber(usage.totalRequests)} {usage.totalRequests === 1 ? 'request' : 'requests'}, {formatNumber(errors)} answered with an error (4xx or 5xx)
      </Typography>
      <Box sx={{ width: '100%' }} role="img" aria-label={`Requests per day from ${usage.from} to ${usage.to} (${usage.timeZone})`}>
        <BarChart
          height={200}
          xAxis={[{ scaleType: 'band', data: usage.days.map((d) => d.date), valueFormatter: label }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[{ data: usage.days.map((d) => d.requests), label: 'Requests', color: '#1d4ed8' }]}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </Box>
    </>
  );
}

function Usage({ id }: { id: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { zone } = useDisplayZone();
  const { data, isError, refetch } = useQuery({ queryKey: userUsageQueryKey(id, zone), queryFn: () => dataProvider.getUserUsage(id, zone), retry: false });
  return (
    <Section title="Usage" testId="user-usage" caption={`Last 30 days, days from midnight in ${zoneLongName(zone)} (${zone})`}>
      {isError ? <LoadFailed what="usage" retry={() => void refetch()} /> : data ? <UsageChart usage={data} /> : <Skeleton height={120} />}
    </Section>
  );
}

function Invoices({ id }: { id: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isError, refetch } = useQuery({ queryKey: userInvoicesQueryKey(id), queryFn: () => dataProvider.getUserInvoices(id), retry: false });
  const when = useFormatInstant();
  return (
    <Section title="Invoices" testId="user-invoices">
      {isError ? (
        <LoadFailed what="invoices" retry={() => void refetch()} />
      ) : !data ? (
        <Skeleton height={48} />
      ) : !data.length ? (
        <EmptyList text="No invoices yet." />
      ) : (
        <List dense disablePadding>
          {data.map((invoice: AdminInvoice) => (
            <ListItem key={invoice.id} disableGutters divider>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{invoice.description}</span>
                    <strong>{formatAmount(invoice.amount, invoice.currency)}</strong>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={invoice.status === 'paid' ? 'Paid' : invoice.status === 'pending' ? 'Pending' : 'Failed'}
                      color={invoice.status === 'paid' ? 'success' : invoice.status === 'pending' ? 'warning' : 'error'}
                    />
                  </Stack>
                }
                secondary={`${invoice.number} · ${when(invoice.createdAt)}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

function Webhooks({ id }: { id: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isError, refetch } = useQuery({ queryKey: ['admin', 'users', id, 'webhooks'], queryFn: () => dataProvider.getUserWebhooks(id), retry: false });
  return (
    <Section title="Webhook Endpoints" testId="user-webhooks" caption="Health over the last 24 hours; secrets are never shown">
      {isError ? (
        <LoadFailed what="webhook endpoints" retry={() => void refetch()} />
      ) : !data ? (
        <Skeleton height={48} />
      ) : (
        <WebhookEndpointList endpoints={data} empty="No webhook endpoints." />
      )}
    </Section>
  );
}

function ChangeNotices({ id }: { id: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isError, refetch } = useQuery({
    queryKey: ['admin', 'users', id, 'change-notices'],
    queryFn: () => dataProvider.getUserChangeNotices(id),
    retry: false,
  });
  return (
    <Section title="Change Notices" testId="user-notices" caption="Newest first, as their Notices page lists them">
      {isError ? <LoadFailed what="change notices" retry={() => void refetch()} /> : !data ? <Skeleton height={48} /> : <ChangeNoticeList notices={data} />}
    </Section>
  );
}

function AuditRows() {
  const { data, isPending, error, refetch } = useListContext<AuditEntry>();
  const { zone } = useDisplayZone();
  const when = useFormatInstant();
  if (isPending) return <Skeleton height={48} />;
  if (error) return <LoadFailed what="audit trail" retry={() => void refetch()} />;
  if (!data?.length) return <EmptyList text="No admin actions on this user yet." />;
  return (
    <List dense disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} disableGutters divider>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" variant="outlined" label={actionName(entry.action)} />
                <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {describeChange(entry, zone)}
                </Typography>
              </Stack>
            }
            secondary={`${when(entry.createdAt)} · by ${entry.actorEmail}`}
            slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function UserDetail() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Profile />
      <Section title="API Keys" testId="user-keys" caption="Shown by prefix only; the secret stays with the customer">
        <ReferenceManyField<AdminUser, AdminApiKey> reference="api-keys" target="userId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={100}>
          <KeyRows />
        </ReferenceManyField>
      </Section>
      <Webhooks id={String(user.id)} />
      <ChangeNotices id={String(user.id)} />
      <Usage id={String(user.id)} />
      <Invoices id={String(user.id)} />
      <Section title="Audit Trail" testId="user-audit" caption="Admin actions on this user, newest first">
        <ReferenceManyField<AdminUser, AuditEntry>
          reference="audit-log"
          target="targetId"
          filter={{ targetType: 'user' }}
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={50}
        >
          <AuditRows />
        </ReferenceManyField>
      </Section>
    </Stack>
  );
}

const UserTitle = () => {
  const user = useRecordContext<AdminUser>();
  return <span>{user ? userLabel(user) : 'User'}</span>;
};

/** One user: profile, plan, limits and state; their keys (masked), 30 days of usage, invoices and the audit trail. */
export function UserShow({ id }: { id?: string }) {
  return (
    <Show id={id} title={<UserTitle />} actions={false} queryOptions={{ retry: false }}>
      <UserDetail />
    </Show>
  );
}
