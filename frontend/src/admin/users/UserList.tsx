import { FunctionField, NullableBooleanInput, SearchInput, SelectInput, ShowButton, SimpleList, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '../dataProvider';
import { PLAN_CHOICES, ROLE_CHOICES, roleName, userLabel, searchSx } from '../choices';
import { planName } from '../../lib/format';
import { formatInstant, useDisplayZone, useFormatInstant } from '../../lib/time';
import { AdminList, CreatedAtField } from '../AdminList';
import { BlockToggleButton, ManageUserButton } from './UserActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by e-mail or name" sx={searchSx} />,
  <SelectInput key="plan" source="plan" label="Plan" choices={PLAN_CHOICES} />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <NullableBooleanInput key="isBlocked" source="isBlocked" label="Status" trueLabel="Blocked" falseLabel="Active" />,
  <NullableBooleanInput key="isClosed" source="isClosed" label="Closed" trueLabel="Closed" falseLabel="Open" />,
];

export function UserStatus() {
  const user = useRecordContext<AdminUser>();
  const when = useFormatInstant();
  if (!user) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.closedAt ? (
        <Chip size="small" label="Closed" color="default" variant="filled" title={`Closed by the customer on ${when(user.closedAt)}`} />
      ) : (
        <Chip
          size="small"
          label={user.isBlocked ? 'Blocked' : 'Active'}
          color={user.isBlocked ? 'error' : 'success'}
          variant={user.isBlocked ? 'filled' : 'outlined'}
        />
      )}
      {!user.emailVerified && !user.closedAt && <Chip size="small" label="Unverified" color="warning" variant="outlined" />}
    </Stack>
  );
}

/** The plan, and whether the super admin granted it (no subscription pays for it). */
export function UserPlan() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      <Chip size="small" label={planName(user.plan)} color={user.plan === 'free' ? 'default' : 'primary'} variant="outlined" />
      {user.planGranted && (
        <Chip size="small" label="Granted" color="secondary" variant="outlined" title="Plan granted by TimeZone API: no subscription pays for it" />
      )}
    </Stack>
  );
}

/** The user's page (keys, usage, invoices, audit trail). */
function ViewUserButton() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return <ShowButton label="View" aria-label={`View ${user.email}`} variant="outlined" onClick={(e: React.MouseEvent) => e.stopPropagation()} />;
}

/** View, and for an open account Manage and Block/Unblock; a closed one has nothing left to change (its status reads Closed). */
function UserActionsCell() {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <ViewUserButton />
      <ManageUserButton />
      <BlockToggleButton />
    </Stack>
  );
}

function UserName() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  const label = userLabel(user);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {label}
      </Typography>
      {label !== user.email && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      )}
    </Box>
  );
}

/** Users: name or e-mail, plan, role, status, created date, Manage and Block/Unblock. */
export function UserList() {
  const { zone } = useDisplayZone();
  return (
    <AdminList
      title="Users"
      filters={filters}
      emptyText="No users yet."
      noMatchText="No users match these filters."
      small={(noMatch) => (
        <SimpleList<AdminUser>
          primaryText={(u) => userLabel(u)}
          secondaryText={(u) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 0.5 }}>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {u.email !== userLabel(u) ? `${u.email} · ` : ''}
                {roleName(u.role)} ·{' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {formatInstant(u.createdAt, zone)}
                </Box>
              </Box>
              <UserPlan />
              <UserStatus />
              <UserActionsCell />
            </Box>
          )}
          rowClick={false}
          empty={noMatch}
        />
      )}
    >
      <FunctionField source="email" label="User" render={() => <UserName />} sortBy="email" />
      <FunctionField source="plan" label="Plan" render={() => <UserPlan />} />
      <FunctionField source="role" label="Role" render={(u: AdminUser) => roleName(u.role)} />
      <FunctionField source="isBlocked" label="Status" render={() => <UserStatus />} />
      <CreatedAtField source="createdAt" label="Created" />
      <FunctionField label="Actions" render={() => <UserActionsCell />} textAlign="right" />
    </AdminList>
  );
}
