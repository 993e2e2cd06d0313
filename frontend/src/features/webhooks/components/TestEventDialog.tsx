import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { TEST_EVENT_TYPES, useSendTestEvent, type TestEventType, type WebhookEndpoint } from '../api';

/** Send a test event of a chosen type (sample data of its documented shape), tried once. */
export function TestEventDialog({ endpoint, onClose, onSent }: { endpoint: WebhookEndpoint | null; onClose: () => void; onSent?: () => void }) {
  const [type, setType] = useState<TestEventType>('webhook.test');
  const test = useSendTestEvent();
  return (
    <Dialog open={!!endpoint} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="test-event-title">
      <DialogTitle id="test-event-title">Send test event</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          A signed event with sample data to {endpoint?.url}, whatever it subscribed to. It is tried once, not retried.
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Event type"
          value={type}
          onChange={(e) => setType(e.target.value as TestEventType)}
          slotProps={{ select: { inputProps: { 'data-testid': 'test-event-type' } } }}
        >
          {TEST_EVENT_TYPES.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.id} — {t.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={test.isPending || !endpoint}
          onClick={async () => {
            if (!endpoint) return;
            try {
              await test.mutateAsync({ id: endpoint.id, type });
              toast({ title: 'Test Event Sent', description: `${type} is on its way; follow it in the messages.` });
              onClose();
              onSent?.();
            } catch (error) {
              toast({ title: 'Failed to send the test event', description: isApiError(error) ? error.detail : String(error), variant: 'destructive' });
            }
          }}
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
