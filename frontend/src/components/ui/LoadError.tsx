import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { SxProps, Theme } from '@mui/material/styles';
import { loadFailureMessage } from '../../lib/api';

interface LoadErrorProps {
  /** What could not be loaded, as the title says it: "Could not load {what}". */
  what: string;
  error: unknown;
  onRetry: () => unknown;
  /** True while the retry is on its way (the button shows it and can't be pressed twice). */
  retrying?: boolean;
  /**
   * Cached data is still on screen: the alert says it may be out of date (a warning, not an error), so the user knows
   * what they see is the last answer, not the current one.
   */
  stale?: boolean;
  sx?: SxProps<Theme>;
}

/** A failed read of a dashboard page: what failed, why in plain words, and a Retry. */
export function LoadError({ what, error, onRetry, retrying = false, stale = false, sx }: LoadErrorProps) {
  return (
    <Alert
      severity={stale ? 'warning' : 'error'}
      data-testid="load-error"
      sx={{ mb: 2, ...sx }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void onRetry()}
          disabled={retrying}
          startIcon={retrying ? <CircularProgress size={14} color="inherit" /> : <RefreshIcon fontSize="small" />}
        >
          Retry
        </Button>
      }
    >
      <AlertTitle>{stale ? `Could not refresh ${what}` : `Could not load ${what}`}</AlertTitle>
      {loadFailureMessage(error)}
      {stale && ' What you see below is the last copy we loaded and may be out of date.'}
    </Alert>
  );
}
