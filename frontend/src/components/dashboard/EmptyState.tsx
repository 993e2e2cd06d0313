import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function EmptyState({
  icon,
  title,
  children,
  action,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Box data-testid={testId} sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
      {icon && <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children && <Box sx={{ color: 'text.secondary', mt: 1, maxWidth: 560, mx: 'auto' }}>{children}</Box>}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
