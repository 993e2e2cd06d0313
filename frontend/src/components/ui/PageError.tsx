import { Component, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isChunkLoadError, reloadForNewVersion, reloadOnceForNewVersion } from '../../lib/new-version';
import { usePageMeta } from './usePageMeta';

export const NEW_VERSION_TITLE = 'A new version is available';
export const PAGE_ERROR_TITLE = 'Something went wrong';

/** Where the error screen's way back leads: a full navigation, so a stale tab also picks up the new version there. */
export interface WayBack {
  href: string;
  label: string;
}

/**
 * What an error screen says, and, for a failed chunk (a tab open across a deploy), the one automatic reload: while it
 * is under way the screen says so; once it was spent, the Reload button is the way on.
 */
export function usePageErrorText(error: unknown) {
  const newVersion = isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (newVersion && reloadOnceForNewVersion()) setReloading(true);
  }, [newVersion]);
  const title = newVersion ? NEW_VERSION_TITLE : PAGE_ERROR_TITLE;
  const detail = newVersion
    ? reloading
      ? 'The site was updated while this page was open. Loading the new version…'
      : 'The site was updated while this page was open. Reload the page to get the new version.'
    : 'This page ran into an error. Try again, or go back and carry on from there.';
  usePageMeta(title, detail);
  return { newVersion, reloading, title, detail };
}

/** The actions under an error: Reload (a new version) or Try again, and the way back. */
export function PageErrorActions({ newVersion, onRetry, wayBack }: { newVersion: boolean; onRetry?: () => void; wayBack: WayBack }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
      {newVersion || !onRetry ? (
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => reloadForNewVersion()}>
          Reload
        </Button>
      ) : (
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry}>
          Try again
        </Button>
      )}
      <Button variant="outlined" href={wayBack.href}>
        {wayBack.label}
      </Button>
    </Stack>
  );
}

/** A page that failed to render: its h1 says what happened, with a way on and a way back (never a white page). */
export function PageError({ error, onRetry, wayBack }: { error: unknown; onRetry?: () => void; wayBack: WayBack }) {
  const { newVersion, title, detail } = usePageErrorText(error);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }} data-testid="page-error">
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }} role="status">
        {detail}
      </Typography>
      <PageErrorActions newVersion={newVersion} onRetry={onRetry} wayBack={wayBack} />
    </Container>
  );
}

interface BoundaryProps {
  children: ReactNode;
  wayBack: WayBack;
  /** The error clears when this changes (the location): moving to another page leaves the error behind. */
  resetKey: string;
  /** Outside a layout the screen brings its own main landmark. */
  landmark?: boolean;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** An error boundary around a layout's page (and one around the whole app): PageError instead of a blank page. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const screen = <PageError error={this.state.error} wayBack={this.props.wayBack} onRetry={() => this.setState({ failed: false, error: null })} />;
    return this.props.landmark ? (
      <Box component="main" id="main">
        {screen}
      </Box>
    ) : (
      screen
    );
  }
}
