import { FunctionField, SearchInput, ShowButton, SimpleList, TextField, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { planName } from '../../lib/format';
import { formatInstant, useDisplayZone } from '../../lib/time';
import { searchSx } from '../choices';
import { AdminList, CreatedAtField } from '../AdminList';
import type { AdminOrganization } from './organization-api';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by name or member e-mail" sx={searchSx} />];

/** The owners as the server names them: their e-mails, or how many there are. */
export function ownersText(owners: AdminOrganization['owners']): string {
  if (Array.isArray(owners)) return owners.length ? owners.join(', ') : 'No owner';
  return `${owners} ${owners === 1 ? 'owner' : 'owners'}`;
}

const membersText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

function PlanAndState() {
  const org = useRecordContext<AdminOrganization>();
  if (!org) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      <Chip size="small" label={planName(org.plan)} color={org.plan === 'free' ? 'default' : 'primary'} variant="outlined" />
      <Chip
        size="small"
        label={org.isBlocked ? 'Blocked' : 'Active'}
        color={org.isBlocked ? 'error' : 'success'}
        variant={org.isBlocked ? 'filled' : 'outlined'}
      />
    </Stack>
  );
}

function ViewButton() {
  const org = useRecordContext<AdminOrganization>();
  if (!org) return null;
  return <ShowButton label="View" aria-label={`View ${org.name}`} variant="outlined" onClick={(e: React.MouseEvent) => e.stopPropagation()} />;
}

/** Organisations (not personal ones): name, plan and state, members, owners, created; a row opens its page. */
export function OrganizationList() {
  const { zone } = useDisplayZone();
  return (
    <AdminList
      title="Organisations"
      filters={filters}
      emptyText="No organisations yet. Customers create them from the dashboard's organisation menu."
      noMatchText="No organisations match this search."
      rowClick="show"
      small={(noMatch) => (
        <SimpleList<AdminOrganization>
          primaryText={(org) => org.name}
          secondaryText={(org) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 0.5 }}>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {membersText(org.members)} · {ownersText(org.owners)} · {formatInstant(org.createdAt, zone)}
              </Box>
              <PlanAndState />
            </Box>
          )}
          linkType="show"
          empty={noMatch}
        />
      )}
    >
      <TextField source="name" label="Organisation" sortable={false} />
      <FunctionField label="Plan" render={() => <PlanAndState />} />
      <FunctionField label="Members" render={(org: AdminOrganization) => membersText(org.members)} />
      <FunctionField label="Owners" render={(org: AdminOrganization) => <Box sx={{ overflowWrap: 'anywhere' }}>{ownersText(org.owners)}</Box>} />
      <CreatedAtField source="createdAt" label="Created" />
      <FunctionField label="Actions" render={() => <ViewButton />} textAlign="right" />
    </AdminList>
  );
}
