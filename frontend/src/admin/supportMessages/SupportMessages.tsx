import { FunctionField, ListButton, SearchInput, SelectInput, Show, SimpleList, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import type { Models } from '../../lib/api-models';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { AdminList } from '../AdminList';
import { searchSx } from '../choices';
import { formatInstant, useDisplayZone, useFormatInstant } from '../../lib/time';

type SupportMessage = Models['AdminSupportMessageView'];

/** When it came in, as the rest of the console writes times (the shared formatter, in the display zone, named). */
function ReceivedAt({ message }: { message: SupportMessage }) {
  const when = useFormatInstant();
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {when(message.createdAt)}
    </Typography>
  );
}

const CATEGORY_CHOICES = [
  { id: 'api-help', name: 'API help' },
  { id: 'billing', name: 'Billing' },
  { id: 'technical', name: 'Technical' },
  { id: 'feature', name: 'Feature request' },
  { id: 'partnership', name: 'Partnership' },
  { id: 'other', name: 'Other' },
];
const categoryName = (id: string) => CATEGORY_CHOICES.find((c) => c.id === id)?.name ?? id;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail, name or subject" sx={searchSx} />,
  <SelectInput key="category" source="category" label="Category" choices={CATEGORY_CHOICES} />,
];

export function SupportMessageList() {
  const { zone } = useDisplayZone();
  return (
    <AdminList
      title="Support Messages"
      filters={filters}
      emptyText="No support messages yet."
      noMatchText="No support messages match these filters."
      rowClick="show"
      small={(noMatch) => (
        <SimpleList<SupportMessage>
          primaryText={(m) => m.subject}
          secondaryText={(m) => `${m.name} <${m.email}> · ${categoryName(m.category)}`}
          tertiaryText={(m) => formatInstant(m.createdAt, zone)}
          linkType="show"
          empty={noMatch}
        />
      )}
    >
      <FunctionField source="createdAt" label="Received" render={(m: SupportMessage) => <ReceivedAt message={m} />} />
      <TextField source="name" />
      <TextField source="email" label="E-mail" />
      <FunctionField source="category" render={(m: SupportMessage) => <Chip size="small" variant="outlined" label={categoryName(m.category)} />} />
      <TextField source="subject" />
    </AdminList>
  );
}

export function SupportMessageShow() {
  return (
    <Show
      title="Support Message"
      actions={
        <TopToolbar>
          <ListButton label="Back to messages" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField source="createdAt" label="Received" render={(m: SupportMessage) => <ReceivedAt message={m} />} />
        <TextField source="name" />
        <TextField source="email" label="E-mail" />
        <FunctionField source="category" render={(m: SupportMessage) => categoryName(m.category)} />
        <TextField source="subject" />
        <FunctionField
          source="message"
          render={(m: SupportMessage) => (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {m.message}
            </Typography>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
