import type { ReactNode } from 'react';
import { RecordContextProvider, Show, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import { formatDate } from '../../lib/format';
import { useFormatInstant } from '../../lib/time';
import { EmptyList } from '../EmptyList';
import { describeLimits } from '../users/LimitsForm';
import { BlockToggleButton, ManageUserButton } from '../users/UserActions';
import { UserPlan, UserStatus } from '../users/UserList';
import { organizationAsAccount, type AdminOrganizationDetail } from './organization-api';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${testId}-title`} data-testid={testId} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id={`${testId}-title`}>
          {title}
        </Typography>
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** Plan, state, limits and the user page's actions, on the organisation's account (same routes, its id). */
function Account({ org }: { org: AdminOrganizationDetail }) {
  const when = useFormatInstant();
  const account = organizationAsAccount(org);
  return (
    <Section title="Organisation" testId="org-profile">
      <RecordContextProvider value={account}>
        <Stack spacing={2}>
          <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }} data-testid="org-name">
            {org.name}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                Plan
              </Typography>
              <UserPlan />
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                State
              </Typography>
              <UserStatus />
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                Created
              </Typography>
              <Typography variant="body2">{when(org.createdAt)}</Typography>
            </Box>
          </Box>
          {org.limits && (
            <Typography variant="body2" data-testid="org-limits">
              Limits: {describeLimits(org.limits)}
            </Typography>
          )}
          {!account.closedAt && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <ManageUserButton noun="Organisation" />
              <BlockToggleButton noun="Organisation" />
            </Stack>
          )}
        </Stack>
      </RecordContextProvider>
    </Section>
  );
}

function OrganizationDetail() {
  const org = useRecordContext<AdminOrganizationDetail>();
  if (!org) return null;
  // react-admin first shows the list's row (its `members` is a count) while the page's own answer loads.
  const loaded = Array.isArray(org.members);
  const members = loaded ? org.members : [];
  const invitations = Array.isArray(org.invitations) ? org.invitations : [];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Account org={org} />
      <Section title="Members" testId="org-members">
        {!loaded ? (
          <Skeleton height={48} />
        ) : members.length === 0 ? (
          <EmptyList text="This organisation has no members." />
        ) : (
          <List dense disablePadding>
            {members.map((m) => (
              <ListItem key={m.userId} disableGutters divider data-testid="org-member">
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                        {m.name ? `${m.name} · ${m.email}` : m.email}
                      </Box>
                      <Chip size="small" variant="outlined" label={ORG_ROLE_LABELS[m.role] ?? m.role} color={m.role === 'owner' ? 'primary' : 'default'} />
                    </Stack>
                  }
                  secondary={m.joinedAt ? `Joined ${formatDate(m.joinedAt)}` : undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title="Pending Invitations" testId="org-invitations">
        {!loaded ? (
          <Skeleton height={48} />
        ) : invitations.length === 0 ? (
          <EmptyList text="No pending invitations." />
        ) : (
          <List dense disablePadding>
            {invitations.map((i) => (
              <ListItem key={i.id} disableGutters divider data-testid="org-invitation">
                <ListItemText
                  primary={`${i.email} · ${ORG_ROLE_LABELS[i.role] ?? i.role}`}
                  secondary={[i.invitedBy && `Invited by ${i.invitedBy}`, i.expiresAt && `until ${formatDate(i.expiresAt)}`].filter(Boolean).join(' ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}

const Title = () => {
  const org = useRecordContext<AdminOrganizationDetail>();
  return <span>{org?.name ?? 'Organisation'}</span>;
};

/** One organisation: its plan, state and limits with the account actions, its members with roles, its invitations. */
export function OrganizationShow({ id }: { id?: string }) {
  return (
    <Show id={id} title={<Title />} actions={false} queryOptions={{ retry: false }}>
      <OrganizationDetail />
    </Show>
  );
}
