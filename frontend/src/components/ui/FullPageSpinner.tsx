import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageSpinner({ minHeight = '60vh' }: { minHeight?: string | number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }} data-testid="page-spinner">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
