import { Datagrid, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import type { Models } from '../../lib/api-models';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { monoFont } from '../../theme';
import { EmptyList } from '../EmptyList';
import { searchSx } from '../choices';
import { formatDateTime } from '../../lib/format';

type AuditEntry = Models['AuditLogView'];

export const ACTION_CHOICES = [
  { id: 'user.block', name: 'User blocked' },
  { id: 'user.unblock', name: 'User unblocked' },
  { id: 'user.plan_change', name: 'Plan changed' },
  { id: 'user.close', name: 'Account closed' },
  { id: 'api_key.rotate', name: 'API key rotated' },
  { id: 'tzdb.load', name: 'Time zone data loaded' },
  { id: 'tzdb.activate', name: 'Time zone data activated' },
  { id: 'job.retry', name: 'Job retried' },
  { id: 'job.discard', name: 'Job discarded' },
];
const actionName = (id: string) => ACTION_CHOICES.find((a) => a.id === id)?.name ?? id;

const FIELD_LABELS: Record<string, string> = {
  isBlocked: 'status',
  plan: 'plan',
  planGranted: 'granted',
  keyPrefix: 'key',
  version: 'release',
  changedZones: 'zones changed',
};
/** How a plan change was applied (the console, admin-users.service): a grant, or through the customer's subscription. */
const VIA_LABELS: Record<string, string> = { grant: 'granted', subscription: 'through the subscription, prorated', cancellation: 'subscription cancelled' };

function showValue(field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (field === 'isBlocked') return value ? 'Blocked' : 'Active';
  if (field === 'planGranted') return value ? 'yes' : 'no';
  if (field === 'keyPrefix') return `${String(value)}…`;
  if (field === 'digest') return `${String(value).slice(0, 12)}…`;
  if (Array.isArray(value)) return String(value.length);
  return String(value);
}

/** "a@b.c: plan free → premium": what changed, in one line. */
export function describeChange(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => k !== 'via' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const target = typeof after.email === 'string' ? `${after.email}: ` : '';
  const via = typeof after.via === 'string' ? ` (${VIA_LABELS[after.via] ?? after.via})` : '';
  if (!changed.length) return `${target}no change${via}`;
  return target + changed.map((k) => `${FIELD_LABELS[k] ?? k} ${showValue(k, before[k])} → ${showValue(k, after[k])}`).join(', ') + via;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search admin e-mail or target id" sx={searchSx} />,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} />,
];

export function AuditLogList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      exporter={false}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={<EmptyList text="No admin actions recorded yet." />}
      title="Audit Log"
    >
      {small ? (
        <SimpleList<AuditEntry>
          primaryText={(a) => actionName(a.action)}
          secondaryText={(a) => (
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {describeChange(a)}
              <br />
              by {a.actorEmail}
            </Box>
          )}
          tertiaryText={(a) => formatDateTime(a.createdAt)}
          rowClick={false}
          empty={<EmptyList text="No admin actions match these filters." />}
        />
      ) : (
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<EmptyList text="No admin actions match these filters." />}>
          <FunctionField
            source="createdAt"
            label="When"
            render={(a: AuditEntry) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(a.createdAt)}
              </Box>
            )}
          />
          <TextField source="actorEmail" label="Admin" />
          <FunctionField source="action" render={(a: AuditEntry) => <Chip size="small" variant="outlined" label={actionName(a.action)} />} />
          <FunctionField
            label="Target"
            sortable={false}
            render={(a: AuditEntry) => (
              <Typography variant="body2" sx={{ fontFamily: monoFont, fontSize: 12 }}>
                {a.targetType} {a.targetId.slice(0, 8)}…
              </Typography>
            )}
          />
          <FunctionField label="Change" sortable={false} render={(a: AuditEntry) => describeChange(a)} />
          <TextField source="ipAddress" label="IP" sortable={false} emptyText="—" />
        </Datagrid>
      )}
    </List>
  );
}
