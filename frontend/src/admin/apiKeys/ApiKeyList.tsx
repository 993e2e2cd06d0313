import { FunctionField, NullableBooleanInput, SearchInput, SimpleList, TextField } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { monoFont } from '../../theme';
import type { AdminApiKey } from '../dataProvider';
import { AdminList } from '../AdminList';
import { searchSx } from '../choices';
import { formatInstant, useDisplayZone } from '../../lib/time';
import { RotateKeyButton } from './RotateKeyButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, prefix or owner e-mail" sx={searchSx} />,
  <NullableBooleanInput key="isActive" source="isActive" label="Status" trueLabel="Active" falseLabel="Inactive" />,
];

export const keyPrefixLabel = (k: AdminApiKey) => `${k.keyPrefix}…`;
export const ownerLabel = (k: AdminApiKey) => k.userEmail ?? 'Unknown User';
export const lastUsedLabel = (k: AdminApiKey, zone: string) => (k.lastUsedAt ? formatInstant(k.lastUsedAt, zone) : 'Never');

const StatusChip = ({ k }: { k: AdminApiKey }) => (
  <Chip size="small" label={k.isActive ? 'Active' : 'Inactive'} color={k.isActive ? 'success' : 'default'} variant="outlined" />
);

/** Keys of every user: name, prefix…, owner or 'Unknown User', Active/Inactive, last used or 'Never', Rotate. */
export function ApiKeyList() {
  const { zone } = useDisplayZone();
  return (
    <AdminList
      title="API Keys"
      filters={filters}
      emptyText="No API keys yet."
      noMatchText="No API keys match these filters."
      small={(noMatch) => (
        <SimpleList<AdminApiKey>
          primaryText={(k) => k.name}
          secondaryText={(k) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mt: 0.5 }}>
              <Box component="span" sx={{ fontFamily: monoFont }}>
                {keyPrefixLabel(k)}
              </Box>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {ownerLabel(k)} · Last used: {lastUsedLabel(k, zone)}
              </Box>
              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <StatusChip k={k} />
                <RotateKeyButton />
              </Box>
            </Box>
          )}
          rowClick={false}
          empty={noMatch}
        />
      )}
    >
      <TextField source="name" label="Name" />
      <FunctionField
        source="keyPrefix"
        label="Key"
        render={(k: AdminApiKey) => (
          <Typography variant="body2" sx={{ fontFamily: monoFont }}>
            {keyPrefixLabel(k)}
          </Typography>
        )}
      />
      <FunctionField
        label="Owner"
        sortable={false}
        render={(k: AdminApiKey) => (
          <Typography variant="body2" color={k.userEmail ? 'text.primary' : 'text.secondary'}>
            {ownerLabel(k)}
          </Typography>
        )}
      />
      <FunctionField source="isActive" label="Status" render={(k: AdminApiKey) => <StatusChip k={k} />} />
      <FunctionField source="lastUsedAt" label="Last used" render={(k: AdminApiKey) => lastUsedLabel(k, zone)} />
      <FunctionField label="Actions" textAlign="right" render={() => <RotateKeyButton />} />
    </AdminList>
  );
}
