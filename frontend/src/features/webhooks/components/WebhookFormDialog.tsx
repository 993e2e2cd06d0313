import { Controller, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { isApiError } from '../../../lib/api';
import { WEBHOOK_EVENTS, type WebhookInput } from '../api';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: string[];
}

/** The same rules the server applies first (it also resolves the host and refuses private addresses). */
const webhookSchema = z.object({
  url: z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value.trim());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  description: z.string(),
  events: z.array(z.string()).min(1, 'Choose at least one event.'),
}) satisfies z.ZodType<WebhookFormValues>;
const resolver = zodResolver(webhookSchema);

function urlProblem(url: string): string | null {
  if (!url) return 'Enter the URL that receives the events.';
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? null : 'The URL must start with https://';
  } catch {
    return 'Enter a full URL, such as https://example.com/webhooks.';
  }
}

const EMPTY: WebhookFormValues = { url: '', description: '', events: ['tzdb.zones_changed'] };

/** Add an endpoint, or edit one (`initial`): its URL, an optional description and the events it receives. */
export function WebhookFormDialog({
  open,
  pending,
  onClose,
  onSubmit,
  initial,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (input: WebhookInput) => Promise<void>;
  initial?: WebhookFormValues;
}) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useForm<WebhookFormValues>({ resolver, defaultValues: initial ?? EMPTY, values: open ? initial : undefined });
  const action = initial ? 'Save Changes' : 'Add Endpoint';
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ url: values.url.trim(), description: values.description.trim() || null, events: values.events as WebhookInput['events'] });
      if (!initial) form.reset();
    } catch (error) {
      if (isApiError(error) && error.problem.field === 'url') form.setError('url', { message: error.detail ?? 'URL refused' });
    }
  });
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="webhook-form-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="webhook-form-title">{initial ? 'Edit Endpoint' : 'Add Endpoint'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Endpoint URL"
              placeholder="https://example.com/webhooks/tzapi"
              required
              fullWidth
              {...form.register('url')}
              error={!!form.formState.errors.url}
              helperText={form.formState.errors.url?.message ?? 'HTTPS, on a public address.'}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
            />
            <TextField
              label="Description (optional)"
              fullWidth
              {...form.register('description')}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-description' } }}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field, fieldState }) => (
                <FormControl error={!!fieldState.error} component="fieldset">
                  <FormLabel component="legend">Events</FormLabel>
                  <FormGroup>
                    {WEBHOOK_EVENTS.map((event) => (
                      <FormControlLabel
                        key={event.id}
                        control={
                          <Checkbox
                            checked={field.value.includes(event.id)}
                            onChange={(_e, checked) => field.onChange(checked ? [...field.value, event.id] : field.value.filter((v) => v !== event.id))}
                          />
                        }
                        label={`${event.label} (${event.id})`}
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : undefined}>
            {action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
