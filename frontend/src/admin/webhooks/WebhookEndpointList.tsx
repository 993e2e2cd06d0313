import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { EndpointHealthChip, EndpointHealthLine } from '../../components/ui/EndpointHealthChip';
import { monoFont } from '../../theme';
import type { AdminWebhookEndpoint, FailingWebhookEndpoint } from '../dataProvider';

/** Webhook endpoints with their health, each on its own lines (fits a phone): an account's, or the failing ones with their customers. */
export function WebhookEndpointList({ endpoints, empty }: { endpoints: (AdminWebhookEndpoint | FailingWebhookEndpoint)[]; empty: string }) {
  if (!endpoints.length)
    return (
      <Typography color="text.secondary" data-testid="webhooks-none">
        {empty}
      </Typography>
    );
  return (
    <Stack spacing={1.5} data-testid="admin-webhooks">
      {endpoints.map((e) => (
        <Box key={e.id} data-testid="admin-webhook" sx={{ borderTop: 1, borderColor: 'divider', pt: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontFamily: monoFont, fontSize: 14, overflowWrap: 'anywhere', minWidth: 0 }}>{e.url}</Typography>
            <EndpointHealthChip health={e.health} />
          </Stack>
          {'customer' in e && (
            <Typography variant="body2">
              For{' '}
              <Link component={RouterLink} to={`/admin/users/${encodeURIComponent(e.userId)}/show`}>
                {e.customer}
              </Link>{' '}
              ({e.email}) · {e.events.join(', ')}
            </Typography>
          )}
          {!('customer' in e) && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {e.events.join(', ')}
            </Typography>
          )}
          <EndpointHealthLine health={e.health} />
        </Box>
      ))}
    </Stack>
  );
}
