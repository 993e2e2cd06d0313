// PLACEHOLDER owned by the admin engineer: replace with the react-admin console (<Admin basename="/admin">).
// Rendered lazily by app/guards.tsx (AdminGate) under /admin/* for super admins only.
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { displayName, useAuth } from '../features/auth/api';
import { paths } from '../app/paths';

export default function AdminApp() {
  const { user } = useAuth();
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" data-testid="admin-heading">
        Admin Console
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {displayName(user)} · Super Administrator
      </Typography>
      <Button href={paths.server.logout}>Logout</Button>
    </Container>
  );
}
