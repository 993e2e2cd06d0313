import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/People';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import KeyIcon from '@mui/icons-material/VpnKey';
import type { ReactNode } from 'react';
import type { AdminDataProvider } from '../dataProvider';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

function StatCard({ title, caption, value, icon, testId }: { title: string; caption: string; value: number | undefined; icon: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" color="text.secondary">
            {title}
          </Typography>
          <Box sx={{ color: 'primary.main' }}>{icon}</Box>
        </Box>
        <Typography variant="h4" component="p" sx={{ mt: 1 }}>
          {value === undefined ? <Skeleton width={80} /> : value.toLocaleString('en-US')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Stat cards of the admin console (spec: Admin console). */
export function AdminDashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isError } = useQuery({ queryKey: adminStatsQueryKey, queryFn: () => dataProvider.getStats(), retry: false });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Admin Console" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Overview
      </Typography>
      {isError && (
        <Typography color="error" sx={{ mb: 2 }}>
          Could not load the statistics.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <StatCard testId="stat-users" title="Total Users" caption="registered accounts" value={data?.totalUsers} icon={<PeopleIcon />} />
        <StatCard testId="stat-requests" title="Total Requests" caption="API calls made" value={data?.totalRequests} icon={<QueryStatsIcon />} />
        <StatCard testId="stat-keys" title="Total API Keys" caption="active keys" value={data?.totalApiKeys} icon={<KeyIcon />} />
      </Box>
    </Box>
  );
}
