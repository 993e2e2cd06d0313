import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import KeyIcon from '@mui/icons-material/VpnKey';
import DocsIcon from '@mui/icons-material/Terminal';
import UsageIcon from '@mui/icons-material/BarChart';
import RequestsIcon from '@mui/icons-material/ListAlt';
import BillingIcon from '@mui/icons-material/CreditCard';
import ProfileIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WebhookIcon from '@mui/icons-material/Webhook';
import NoticesIcon from '@mui/icons-material/NotificationsNone';
import TeamIcon from '@mui/icons-material/Groups';
import type { Permission } from '@tzapi/shared/org-roles';
import { paths } from '../../config/paths';
import { displayName, onSignOutClick, type User } from '../../lib/auth';
import { permissionsOf } from '../../lib/permissions';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { PageErrorBoundary } from '../ui/PageError';
import { SITE_NAME } from '../ui/usePageMeta';
import { ColorModeToggle } from '../ui/color-mode';
import { UtcToggle } from '../ui/UtcToggle';

export const DASHBOARD_DRAWER_WIDTH = 264;

/** The sidebar's pages; `permission`: what the member's role needs to see the entry (the page itself checks too). */
export const dashboardNav: { label: string; to: string; icon: ReactNode; exact?: boolean; permission?: Permission }[] = [
  { label: 'Overview', to: paths.dashboard.root, icon: <DashboardIcon />, exact: true },
  { label: 'API Keys', to: paths.dashboard.apiKeys, icon: <KeyIcon />, permission: 'keys.read' },
  { label: 'API Docs / Playground', to: paths.dashboard.docs, icon: <DocsIcon /> },
  { label: 'Usage', to: paths.dashboard.usage, icon: <UsageIcon />, permission: 'usage.read' },
  { label: 'Requests', to: paths.dashboard.requests, icon: <RequestsIcon />, permission: 'usage.read' },
  { label: 'Webhooks', to: paths.dashboard.webhooks, icon: <WebhookIcon />, permission: 'webhooks.read' },
  { label: 'Notices', to: paths.dashboard.notices, icon: <NoticesIcon />, permission: 'notices.read' },
  { label: 'Team', to: paths.dashboard.team, icon: <TeamIcon />, permission: 'members.read' },
  { label: 'Billing', to: paths.dashboard.billing, icon: <BillingIcon />, permission: 'billing.read' },
  { label: 'Profile', to: paths.dashboard.profile, icon: <ProfileIcon /> },
];

/** The sidebar's organisation switcher, given the drawer's close (components/ imports no feature: the app passes it). */
export type OrganizationSlot = (onNavigate?: () => void) => ReactNode;

function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'> | null): string {
  const name = displayName(user);
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The sidebar's content: brand, navigation, and the signed-in user with the logout button. */
export function DashboardSidebar({
  user,
  onNavigate,
  colorModeToggle,
  organization,
}: {
  user: User | null;
  onNavigate?: () => void;
  colorModeToggle?: boolean;
  organization?: OrganizationSlot;
}) {
  const { pathname } = useLocation();
  const granted = permissionsOf(user);
  const isCurrent = (to: string, exact?: boolean) => (exact ? pathname === to || pathname === `${to}/` : pathname === to || pathname.startsWith(`${to}/`));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1 }}>
        <ScheduleIcon color="primary" />
        <Typography component={RouterLink} to={paths.home} variant="h6" sx={{ color: 'text.primary', textDecoration: 'none', flex: 1 }}>
          {SITE_NAME}
        </Typography>
        {colorModeToggle && <UtcToggle />}
        {colorModeToggle && <ColorModeToggle edge="end" />}
      </Toolbar>
      <Divider />
      {organization?.(onNavigate)}
      <Box component="nav" aria-label="Dashboard" sx={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {dashboardNav
            .filter((item) => !item.permission || granted.has(item.permission))
            .map((item) => {
              const current = isCurrent(item.to, item.exact);
              return (
                <ListItem key={item.to} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={item.to}
                    selected={current}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    sx={{ mx: 1, borderRadius: 2, '&.Mui-selected': { color: 'primary.main' } }}
                  >
                    <ListItemIcon sx={{ minWidth: 38, color: current ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                </ListItem>
              );
            })}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="sidebar-user">
        {user?.profileImageUrl ? (
          <Avatar src={user.profileImageUrl} alt={displayName(user)} />
        ) : (
          <Avatar sx={{ bgcolor: 'primary.main' }}>{initials(user)}</Avatar>
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap data-testid="sidebar-name">
            {displayName(user)}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="sidebar-plan">
            {`${user?.plan || 'free'} plan`}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        {/* POST /api/logout, then the home page; the href is the fallback navigation. */}
        <Button fullWidth variant="outlined" color="inherit" startIcon={<LogoutIcon />} href={paths.server.logout} onClick={onSignOutClick}>
          Logout
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The signed-in area: a permanent sidebar from md up, a temporary drawer behind a menu button below. `banner`: what
 * every page shows above its own content (the change notice banner; components/ imports no feature, the app passes it).
 */
export function DashboardLayout({ user, banner, organization }: { user: User | null; banner?: ReactNode; organization?: OrganizationSlot }) {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" color="inherit" sx={{ display: wide ? 'none' : 'block', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
            <MenuIcon />
          </IconButton>
          <ScheduleIcon color="primary" sx={{ mr: 1 }} />
          <Typography variant="h6" noWrap sx={{ flex: 1 }}>
            {SITE_NAME}
          </Typography>
          <UtcToggle />
          <ColorModeToggle edge="end" />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: DASHBOARD_DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DASHBOARD_DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            <DashboardSidebar user={user} colorModeToggle organization={organization} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { 'aria-label': 'Dashboard navigation' } }}
            sx={{ '& .MuiDrawer-paper': { width: DASHBOARD_DRAWER_WIDTH } }}
          >
            <DashboardSidebar user={user} onNavigate={() => setOpen(false)} organization={organization} />
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, outline: 'none', px: { xs: 2, sm: 3, md: 4 }, pb: { xs: 3, md: 4 }, pt: wide ? 4 : 10 }}
      >
        <PageErrorBoundary resetKey={pathname} wayBack={{ href: paths.dashboard.root, label: 'Back to Overview' }}>
          {banner}
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Box>
    </Box>
  );
}
