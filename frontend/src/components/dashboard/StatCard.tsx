import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** A headline figure with a label and a line of context; a skeleton while loading. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
        </Box>
        {loading ? (
          <Skeleton width="60%" height={40} />
        ) : (
          <Typography variant="h4" component="p" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Typography>
        )}
        {hint && !loading && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid={testId ? `${testId}-hint` : undefined}>
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
