import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, Title, TitlePortal, useBasename, useGetIdentity, type ErrorProps } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import PublicIcon from '@mui/icons-material/Public';
import { paths } from '../../config/paths';
import { ColorModeToggle } from '../../components/ui/color-mode';
import { UtcToggle } from '../../components/ui/UtcToggle';
import { onSignOutClick } from '../../lib/auth';
import { PageErrorActions, usePageErrorText } from '../../components/ui/PageError';

/** Display name, 'Super Administrator' and Logout (spec: Layouts, admin). */
export function AdminIdentity() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1.5 }, ml: 1, minWidth: 0 }}>
      <Box sx={{ textAlign: 'right', lineHeight: 1.1, minWidth: 0 }} data-testid="admin-identity">
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'inherit' }} noWrap>
          {identity?.fullName ?? ''}
        </Typography>
        <Typography variant="caption" sx={{ color: 'inherit', opacity: 0.85, display: 'block' }} noWrap>
          Super Administrator
        </Typography>
      </Box>
      <Button
        href={paths.server.logout}
        onClick={onSignOutClick}
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<LogoutIcon />}
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
      >
        Logout
      </Button>
      <IconButton href={paths.server.logout} onClick={onSignOutClick} color="inherit" aria-label="Logout" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <LogoutIcon />
      </IconButton>
    </Box>
  );
}

function AdminAppBar() {
  return (
    <AppBar
      color="primary"
      userMenu={false}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {/* Its spinner (shown while any query runs, e.g. the Jobs page's refresh) needs a name (axe aria-progressbar-name). */}
          <LoadingIndicator aria-label="Loading" sx={{ display: { xs: 'none', sm: 'flex' } }} />
          <UtcToggle />
          <ColorModeToggle />
          <AdminIdentity />
        </Box>
      }
    >
      {/* react-admin wraps the page title in an inline-block span, which the portal's own ellipsis can't shorten. */}
      {/* The page's title is its one h1 (react-admin portals each page's <Title> into it). */}
      <TitlePortal
        component="h1"
        noWrap
        sx={(theme) => ({
          [theme.breakpoints.down('sm')]: { fontSize: '1rem' },
          '& .RaConfigurable-root': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        })}
      />
    </AppBar>
  );
}

function AdminMenu() {
  // A custom route's link is not prefixed with the console's basename (/admin) by react-admin.
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Overview" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      <Menu.Item to={`${basename}/tzdb`} primaryText="Time zone data" leftIcon={<PublicIcon />} />
    </Menu>
  );
}

/**
 * A console screen that failed to render (react-admin's layout catches it and clears it when the location changes):
 * its title goes to the app bar's h1 like every screen's, with Reload for a new version and a way back.
 */
export function AdminPageError({ error }: ErrorProps) {
  const { newVersion, title, detail } = usePageErrorText(error);
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="page-error">
      <Title title={title} />
      <Typography variant="h5" component="p" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} role="status">
        {detail}
      </Typography>
      <PageErrorActions newVersion={newVersion} wayBack={{ href: paths.admin.root, label: 'Back to Overview' }} />
    </Box>
  );
}

/** An unknown console path: its title in the app bar's h1 (react-admin's own page adds a second h1), and the way back. */
export function AdminNotFound() {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Title title="Page not found" />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The console has no page at this address.
      </Typography>
      <Button variant="outlined" href={paths.admin.root}>
        Back to Overview
      </Button>
    </Box>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu} error={AdminPageError}>
      {children}
    </Layout>
  );
}
