import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import type { User } from '../../../lib/auth';
import { useChangeNoticeMails, useExportJob, useQuotaAlerts, useStartExport } from '../api';

/** Profile → "Export my data": starts a background export, shows its progress, then offers the file. */
export function ExportDataCard() {
  const start = useStartExport();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);
  const status = job.data?.status ?? (jobId ? 'running' : null);

  const begin = async () => {
    try {
      setJobId((await start.mutateAsync()).id);
    } catch (error) {
      toast({ title: 'Error', description: isApiError(error) ? error.detail : 'Failed to start the export.', variant: 'destructive' });
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Export my data
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A JSON file with your profile, API keys (masked), subscription, invoices and the last 90 days of usage.
        </Typography>
        {status === 'running' && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Typography variant="body2" id="export-progress-label">
              Preparing your export… {job.data?.progress ?? 0}%
            </Typography>
            <LinearProgress variant="determinate" value={job.data?.progress ?? 0} aria-labelledby="export-progress-label" />
          </Stack>
        )}
        {status === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            The export could not be built. Please try again.
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {status === 'ready' && job.data?.downloadUrl ? (
            <Button variant="contained" href={job.data.downloadUrl} download>
              Download export
            </Button>
          ) : (
            <Button variant="contained" onClick={begin} disabled={status === 'running' || start.isPending}>
              Export my data
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The quota alert opt-out: mails and the dashboard banner at 80% and 100% of the free hourly quota. */
export function QuotaAlertsCard({ user }: { user: User }) {
  const update = useQuotaAlerts();
  const toggle = async (enabled: boolean) => {
    try {
      await update.mutateAsync(enabled);
      toast({ title: 'Preferences Saved', description: enabled ? 'Quota alerts are on.' : 'Quota alerts are off.' });
    } catch (error) {
      toast({ title: 'Error', description: isApiError(error) ? error.detail : 'Failed to save your preference.', variant: 'destructive' });
    }
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Quota alerts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          On the Free plan, an e-mail and a dashboard banner when your account passes 80% of its hourly quota and when it uses it up.
        </Typography>
        <FormControlLabel
          control={<Switch checked={user.quotaAlerts} onChange={(_event, checked) => void toggle(checked)} disabled={update.isPending} />}
          label="Send quota alerts"
        />
      </CardContent>
    </Card>
  );
}

/** The change notice mail opt-out: a mail when a new tz release changes a zone the account's requests used. */
export function ChangeNoticesCard({ user }: { user: User }) {
  const update = useChangeNoticeMails();
  const toggle = async (enabled: boolean) => {
    try {
      await update.mutateAsync(enabled);
      toast({ title: 'Preferences Saved', description: enabled ? 'Change notice e-mails are on.' : 'Change notice e-mails are off.' });
    } catch (error) {
      toast({ title: 'Error', description: isApiError(error) ? error.detail : 'Failed to save your preference.', variant: 'destructive' });
    }
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Time zone change notices
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          An e-mail when a new tz database release changes the clocks of a zone your requests used in the last 30 days. The dashboard banner stays either way.
        </Typography>
        <FormControlLabel
          control={<Switch checked={user.changeNotices !== false} onChange={(_event, checked) => void toggle(checked)} disabled={update.isPending} />}
          label="E-mail me about time zone changes"
        />
      </CardContent>
    </Card>
  );
}
