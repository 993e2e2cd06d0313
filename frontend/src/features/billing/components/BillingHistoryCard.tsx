import { LoadError } from '../../../components/ui/LoadError';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { useInvoicePage, type BillingHistoryItem } from '../api';
import { formatAmount, formatDate } from '../../../lib/format';
import { InvoiceStatusChip } from './StatusChips';

export const HISTORY_SHOWN = 5;
export const HISTORY_PAGE_SIZE = 10;

/** A paid invoice's receipt: Stripe's hosted invoice when there is one (a new tab), else the server's PDF (a download). */
function ReceiptLink({ item }: { item: BillingHistoryItem }) {
  if (!item.receiptUrl) return null;
  const hosted = /^https?:\/\//.test(item.receiptUrl);
  return hosted ? (
    <Link href={item.receiptUrl} target="_blank" rel="noopener noreferrer" variant="body2" aria-label={`Invoice ${item.number} (opens Stripe)`}>
      Invoice
    </Link>
  ) : (
    <Link href={item.receiptUrl} download variant="body2" aria-label={`Receipt ${item.number} (PDF)`}>
      Receipt (PDF)
    </Link>
  );
}

function HistoryRow({ item }: { item: BillingHistoryItem }) {
  return (
    <Box data-testid="billing-history-row" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(item.paidAt ?? item.createdAt)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatAmount(item.amount, item.currency)}</Typography>
        <InvoiceStatusChip status={item.status} />
        <ReceiptLink item={item} />
      </Stack>
    </Box>
  );
}

/** Every invoice of the account, paged from the server. */
export function AllHistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const invoices = useInvoicePage(page * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="all-history-title">
      <DialogTitle id="all-history-title">Billing History</DialogTitle>
      <DialogContent dividers>
        {invoices.isPending && <Skeleton variant="rounded" height={160} />}
        {invoices.isError && <LoadError what="your billing history" error={invoices.error} onRetry={() => invoices.refetch()} retrying={invoices.isFetching} />}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {(invoices.data?.items ?? []).map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <TablePagination
          component="div"
          count={invoices.data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={HISTORY_PAGE_SIZE}
          rowsPerPageOptions={[HISTORY_PAGE_SIZE]}
        />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A failed read of the history: what went wrong and how to ask again. */
export interface HistoryFailure {
  error: unknown;
  retry: () => unknown;
  retrying: boolean;
}

export function BillingHistoryCard({ items, loading, error }: { items: BillingHistoryItem[] | undefined; loading: boolean; error: HistoryFailure | null }) {
  const [allOpen, setAllOpen] = useState(false);
  const list = items ?? [];
  const shown = list.slice(0, HISTORY_SHOWN);
  return (
    <Card data-testid="billing-history">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Billing History
        </Typography>
        {loading && <Skeleton variant="rounded" height={96} />}
        {error && <LoadError what="your billing history" error={error.error} onRetry={error.retry} retrying={error.retrying} stale={items !== undefined} />}
        {!loading && !error && list.length === 0 && (
          <Box sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
            <ReceiptIcon sx={{ fontSize: 36, mb: 1 }} />
            <Typography>No billing history yet.</Typography>
            <Typography variant="body2">Invoices appear here once you upgrade to a paid plan.</Typography>
          </Box>
        )}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {shown.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </Stack>
        {list.length > HISTORY_SHOWN && (
          <Button onClick={() => setAllOpen(true)} sx={{ mt: 2 }}>
            View All History
          </Button>
        )}
        <AllHistoryDialog open={allOpen} onClose={() => setAllOpen(false)} />
      </CardContent>
    </Card>
  );
}
