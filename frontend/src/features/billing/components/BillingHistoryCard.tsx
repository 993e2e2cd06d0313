import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { BillingHistoryItem } from '../api';
import { formatAmount, formatBillingDate } from '../format';
import { InvoiceStatusChip } from './StatusChips';

export const HISTORY_SHOWN = 5;

export function BillingHistoryCard({ items, loading, error }: { items: BillingHistoryItem[] | undefined; loading: boolean; error: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const list = items ?? [];
  const shown = expanded ? list : list.slice(0, HISTORY_SHOWN);
  return (
    <Card data-testid="billing-history">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Billing History
        </Typography>
        {loading && <Skeleton variant="rounded" height={96} />}
        {error && <Alert severity="error">Billing history could not be loaded. Please try again later.</Alert>}
        {!loading && !error && list.length === 0 && (
          <Box sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
            <ReceiptIcon sx={{ fontSize: 36, mb: 1 }} />
            <Typography>No billing history yet.</Typography>
            <Typography variant="body2">Invoices appear here once you upgrade to a paid plan.</Typography>
          </Box>
        )}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {shown.map((item) => (
            <Box key={item.id} data-testid="billing-history-row" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.description}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatBillingDate(item.paidAt ?? item.createdAt)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatAmount(item.amount, item.currency)}</Typography>
                <InvoiceStatusChip status={item.status} />
              </Stack>
            </Box>
          ))}
        </Stack>
        {list.length > HISTORY_SHOWN && (
          <Button onClick={() => setExpanded((v) => !v)} sx={{ mt: 2 }}>
            {expanded ? 'Show Less' : 'View All History'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
