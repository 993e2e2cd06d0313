import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { paths, productAnchor, solutionAnchor } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useGetStarted } from '../../lib/useGetStarted';
import { apiProducts } from '../../content/products';
import { industries } from '../../content/industries';
import { SITE_NAME } from '../ui/usePageMeta';
import { ColorModeToggle } from '../ui/color-mode';

interface NavEntry {
  label: string;
  to: string;
  description?: string;
}

interface NavGroup {
  label: string;
  to?: string;
  items?: NavEntry[];
}

export const headerNav: NavGroup[] = [
  {
    label: 'Products',
    items: [
      ...apiProducts.slice(0, 6).map((p) => ({ label: p.name, to: productAnchor(p.id), description: p.summary })),
      { label: 'Meeting Planner', to: paths.meetingPlanner, description: 'Find a time that works in every zone: free, no sign-up' },
      { label: 'View All Products', to: paths.products },
    ],
  },
  {
    label: 'Solutions',
    items: [...industries.map((i) => ({ label: i.name, to: solutionAnchor(i.id) })), { label: 'View All Solutions', to: paths.solutions }],
  },
  { label: 'API Docs', to: paths.docs },
  { label: 'Pricing', to: paths.pricing },
  {
    label: 'Resources',
    items: [
      { label: 'Guides & Tutorials', to: paths.resources },
      { label: 'Tool Comparisons', to: paths.comparison },
      { label: 'Data & Reference', to: paths.timezoneData },
    ],
  },
  { label: 'Support', to: paths.support },
];

function DropdownNav({ group }: { group: NavGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `nav-menu-${group.label.toLowerCase()}`;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<KeyboardArrowDownIcon />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        {group.label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 380 } } }}>
        {group.items?.map((item, index) => [
          index === (group.items?.length ?? 0) - 1 && item.label.startsWith('View All') ? <Divider key={`${item.to}-d`} /> : null,
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={() => setAnchor(null)} sx={{ whiteSpace: 'normal', display: 'block' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} color={item.label.startsWith('View All') ? 'primary' : 'text.primary'}>
              {item.label}
            </Typography>
            {item.description && (
              <Typography variant="caption" color="text.secondary" component="div">
                {item.description}
              </Typography>
            )}
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}

export function Logo() {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      aria-label={`${SITE_NAME} home`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
    >
      <ScheduleIcon color="primary" aria-hidden />
      <Typography variant="h6" component="span" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
        {SITE_NAME}
      </Typography>
    </Box>
  );
}

function AuthButtons({ stacked, onAction }: { stacked?: boolean; onAction?: () => void }) {
  const { status } = useAuth();
  const signInOrDashboard = useGetStarted('login');
  const getStarted = useGetStarted('register');
  if (status === 'loading') return null;
  const signedIn = status === 'authenticated';
  const go = (mode: 'login' | 'register') => {
    onAction?.();
    (mode === 'login' ? signInOrDashboard : getStarted)();
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexDirection: stacked ? 'column' : 'row' }}>
      <Button variant={stacked ? 'outlined' : 'text'} color="inherit" onClick={() => go('login')} data-testid="header-login">
        {signedIn ? 'Dashboard' : 'Login'}
      </Button>
      <Button variant="contained" onClick={() => go('register')} data-testid="header-get-started">
        Get Started Free
      </Button>
    </Box>
  );
}

export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      sx={(theme) => ({
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: theme.alpha((theme.vars ?? theme).palette.background.paper, 0.92),
        backdropFilter: 'blur(8px)',
      })}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, ml: 3, gap: 0.5, flex: 1 }}>
            {headerNav.map((group) =>
              group.items ? (
                <DropdownNav key={group.label} group={group} />
              ) : (
                <Button key={group.label} color="inherit" component={RouterLink} to={group.to!}>
                  {group.label}
                </Button>
              ),
            )}
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'block', lg: 'none' } }} />
          <ColorModeToggle />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <AuthButtons />
          </Box>
          <IconButton sx={{ display: { lg: 'none' } }} aria-label="Open navigation menu" onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}>
        <Box component="nav" aria-label="Mobile" sx={{ width: 300, maxWidth: '85vw' }}>
          <Box sx={{ p: 2 }}>
            <AuthButtons stacked onAction={() => setDrawerOpen(false)} />
          </Box>
          <Divider />
          <List dense>
            {headerNav.map((group) =>
              group.items ? (
                <li key={group.label}>
                  <List dense disablePadding subheader={<ListSubheader disableSticky>{group.label}</ListSubheader>}>
                    {group.items.map((item) => (
                      <ListItem key={item.to} disablePadding>
                        <ListItemButton component={RouterLink} to={item.to} onClick={() => setDrawerOpen(false)} sx={{ pl: 3 }}>
                          <ListItemText primary={item.label} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </li>
              ) : (
                <ListItem key={group.label} disablePadding>
                  <ListItemButton component={RouterLink} to={group.to!} onClick={() => setDrawerOpen(false)}>
                    <ListItemText primary={group.label} />
                  </ListItemButton>
                </ListItem>
              ),
            )}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
