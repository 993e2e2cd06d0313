import { FunctionField, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import type { Models } from '../../lib/api-models';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { monoFont } from '../../theme';
import { AdminList, CreatedAtField } from '../AdminList';
import { searchSx } from '../choices';
import { useDisplayZone, formatInstant } from '../../lib/time';
import { ACTION_CHOICES, actionName, describeChange } from './auditText';

type AuditEntry = Models['AuditLogView'];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search admin e-mail or target id" sx={searchSx} />,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} />,
];

export function AuditLogList() {
  const { zone } = useDisplayZone();
  return (
    <AdminList
      title="Audit Log"
      filters={filters}
      emptyText="No admin actions recorded yet."
      noMatchText="No admin actions match these filters."
      small={(noMatch) => (
        <SimpleList<AuditEntry>
          primaryText={(a) => actionName(a.action)}
          secondaryText={(a) => (
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {describeChange(a, zone)}
              <br />
              by {a.actorEmail}
            </Box>
          )}
          tertiaryText={(a) => formatInstant(a.createdAt, zone)}
          rowClick={false}
          empty={noMatch}
        />
      )}
    >
      <CreatedAtField source="createdAt" label="When" />
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
      <FunctionField label="Change" sortable={false} render={(a: AuditEntry) => describeChange(a, zone)} />
      <TextField source="ipAddress" label="IP" sortable={false} emptyText="—" />
    </AdminList>
  );
}
