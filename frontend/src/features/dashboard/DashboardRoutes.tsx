// PLACEHOLDER owned by the dashboard engineer: replace with the real dashboard (sidebar layout + nested routes).
// Rendered lazily by app/guards.tsx (DashboardGate) under /dashboard/* for signed-in non-super-admins.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName, useAuth } from '../auth/api';
import { paths } from '../../app/paths';
import { usePageMeta } from '../../components/ui/usePageMeta';

export default function DashboardRoutes() {
  const { user } = useAuth();
  usePageMeta('Dashboard', 'Your TimeZone API dashboard.');
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }} data-testid="dashboard-heading">
        Welcome back, {displayName(user)}!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {user?.plan ?? 'free'} plan
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {Object.entries(paths.dashboard).map(([name, to]) => (
          <Button key={name} component={RouterLink} to={to} variant="outlined">
            {name}
          </Button>
        ))}
        <Button href={paths.server.logout} color="inherit">
          Logout
        </Button>
      </Stack>
      <Box sx={{ mt: 4 }} />
    </Container>
  );
}
