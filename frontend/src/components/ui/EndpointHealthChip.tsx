import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWhen } from './when';

/** What the account pages and the console read of an endpoint's health (the API's EndpointHealthResponse). */
export interface EndpointHealthFigures {
  state: string;
  windowHours: number;
  attempts: number;
  successRate: number | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  failuresSinceSuccess: number;
  failingSince: string | null;
}

const STATE: Record<string, { label: string; color: 'success' | 'error' | 'warning' | 'default' }> = {
  healthy: { label: 'Healthy', color: 'success' },
  failing: { label: 'Failing', color: 'error' },
  disabled: { label: 'Disabled after failures', color: 'error' },
  paused: { label: 'Paused', color: 'default' },
  new: { label: 'No deliveries yet', color: 'default' },
};

/** The endpoint's state as a chip: never a green "Enabled" for one whose deliveries fail. */
export function EndpointHealthChip({ health }: { health: Pick<EndpointHealthFigures, 'state'> }) {
  const state = STATE[health.state] ?? { label: health.state, color: 'default' as const };
  return <Chip size="small" color={state.color} label={state.label} data-testid="endpoint-state" />;
}

export const successRateText = (h: Pick<EndpointHealthFigures, 'successRate' | 'windowHours'>) =>
  h.successRate === null
    ? `No attempts in ${h.windowHours} h`
    : `${(h.successRate * 100).toFixed(h.successRate === 1 || h.successRate === 0 ? 0 : 1)}% delivered (${h.windowHours} h)`;

export const lastStatusText = (h: Pick<EndpointHealthFigures, 'lastStatusCode' | 'lastError' | 'lastAttemptAt'>, when: (iso: string) => string) =>
  h.lastAttemptAt === null ? 'Never tried' : `Last: ${h.lastStatusCode ?? h.lastError ?? 'no answer'} · ${when(h.lastAttemptAt)}`;

/** One line of figures: success rate over the window, the last status and, while failing, the failures since the last success. */
export function EndpointHealthLine({ health }: { health: EndpointHealthFigures }) {
  const when = useWhen();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }} data-testid="endpoint-health">
      <Typography variant="body2">{successRateText(health)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {lastStatusText(health, when)}
      </Typography>
      {health.failuresSinceSuccess > 0 && (
        <Typography variant="body2" color="error">
          {health.failuresSinceSuccess} failed attempt{health.failuresSinceSuccess === 1 ? '' : 's'} since the last success
          {health.failingSince ? `, failing since ${when(health.failingSince)}` : ''}
        </Typography>
      )}
    </Stack>
  );
}
