import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../components/ui/usePageMeta';
import { paths } from '../config/paths';

export function NotFoundPage() {
  usePageMeta('404 Page Not Found', 'The page you are looking for does not exist.');
  return (
    <Container maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for doesn&apos;t exist or has moved.
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        Go to Homepage
      </Button>
    </Container>
  );
}
