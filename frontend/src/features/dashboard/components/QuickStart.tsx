import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { paths } from '../../../config/paths';
import { formatInstant, useDisplayZone } from '../../../lib/time';
import { firstCallReceived, type DashboardStats } from '../api';

interface Step {
  id: 'key' | 'call' | 'usage';
  title: string;
  body: string;
  to: string;
  action: string;
  /** What the server says about this step: done (and since when), or not yet. */
  done: (stats: DashboardStats) => boolean;
  doneText: (stats: DashboardStats, zone: string) => string;
}

const steps: Step[] = [
  {
    id: 'key',
    title: 'Create an API key',
    body: 'Generate a key and keep it secret; restrict it to your IPs or domains.',
    to: paths.dashboard.apiKeys,
    action: 'Create API Key',
    done: (stats) => stats.totalKeys > 0,
    doneText: () => 'Key created',
  },
  {
    id: 'call',
    title: 'Make your first call',
    body: 'Try an endpoint in the playground with your key, or run a cURL example from the docs.',
    to: paths.dashboard.docs,
    action: 'Open API Docs',
    done: firstCallReceived,
    doneText: (stats, zone) => (stats.firstRequestAt ? `First call received ${formatInstant(stats.firstRequestAt, zone)}` : 'First call received'),
  },
  {
    id: 'usage',
    title: 'View your usage',
    body: 'Watch requests, status codes and response times per day.',
    to: paths.dashboard.usage,
    action: 'View Usage',
    done: (stats) => Boolean(stats.usageSeenAt),
    doneText: () => 'Usage seen',
  },
];

/**
 * The dashboard's Quick Start: each step ticks itself off from what the server knows (a key exists, a first call was
 * metered, the Usage page was opened), not from clicks here; the stats are polled while the first call is awaited.
 */
export function QuickStart({ stats }: { stats: DashboardStats | undefined }) {
  const doneCount = stats ? steps.filter((step) => step.done(stats)).length : 0;
  const waitingForCall = Boolean(stats && stats.totalKeys > 0 && !firstCallReceived(stats));
  const [expanded, setExpanded] = useState(false);
  const { zone } = useDisplayZone();
  if (stats && doneCount === steps.length && !expanded) {
    // Every step done: one line, the steps a click away.
    return (
      <Card variant="outlined" sx={{ mb: 2 }} data-testid="quick-start">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, '&:last-child': { pb: 1 } }}>
          <CheckIcon color="success" fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ flex: 1 }} data-testid="quick-start-progress">
            Quick Start: {doneCount} of {steps.length} done
          </Typography>
          <Button size="small" onClick={() => setExpanded(true)}>
            Show steps
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ mb: 2 }} data-testid="quick-start">
      <CardContent>
        <Stack direction="row" sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Quick Start
          </Typography>
          {stats && (
            <Typography variant="body2" color="text.secondary" data-testid="quick-start-progress">
              {doneCount} of {steps.length} done
            </Typography>
          )}
        </Stack>
        <Stack component="ol" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {steps.map((step, index) => {
            const done = Boolean(stats && step.done(stats));
            return (
              <Box
                component="li"
                key={step.id}
                data-testid={`quick-start-${step.id}`}
                data-done={done}
                sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    bgcolor: done ? 'success.main' : 'primary.main',
                    color: done ? 'success.contrastText' : 'primary.contrastText',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    flexShrink: 0,
                  }}
                >
                  {done ? <CheckIcon fontSize="small" /> : index + 1}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{step.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {step.body}
                  </Typography>
                  {done && stats ? (
                    <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600, mt: 0.5 }} data-testid={`quick-start-${step.id}-status`}>
                      {step.doneText(stats, zone)}
                    </Typography>
                  ) : (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Button component={RouterLink} to={step.to} size="small" sx={{ mt: 0.5, ml: -1 }}>
                        {step.action}
                      </Button>
                      {step.id === 'call' && waitingForCall && (
                        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }} role="status">
                          <CircularProgress size={14} aria-hidden />
                          Waiting for your first call…
                        </Typography>
                      )}
                    </Stack>
                  )}
                </Box>
              </Box>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
