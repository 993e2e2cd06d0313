import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { LoadError } from '../../../components/ui/LoadError';
import { EmptyState } from '../../../components/dashboard/EmptyState';
import { useFormatInstant } from '../../../lib/time';
import { AUDIT_ACTIONS, useAudit, useMembers, type AuditAction, type AuditFilter } from '../api';
import { AUDIT_ACTION_LABELS, auditDetail, dayBound } from './audit-text';

const PAGE_SIZE = 20;

/** The organisation's audit (owners and admins): who did what, newest first, filtered by action, member and days. */
export function AuditCard() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actorId, setActorId] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(0);
  const members = useMembers();
  const filter: AuditFilter = {
    ...(action && { action }),
    ...(actorId && { actorId }),
    ...(dayBound(fromDay, 'start') && { from: dayBound(fromDay, 'start') }),
    ...(dayBound(toDay, 'end') && { to: dayBound(toDay, 'end') }),
    page: page + 1,
    pageSize: PAGE_SIZE,
  };
  const audit = useAudit(filter, true);
  const when = useFormatInstant();
  const filtered = Boolean(action || actorId || fromDay || toDay);
  const items = audit.data?.items ?? [];
  const onFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <Box component="section" aria-labelledby="audit-title" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="audit-title">
        Audit
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Who created, rotated or deleted a key, changed a role, invited or removed someone, changed the plan or a webhook.
      </Typography>
      <Box
        component="form"
        aria-label="Filter the audit"
        sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
      >
        <FormControl size="small">
          <InputLabel id="audit-action-label">Action</InputLabel>
          <Select labelId="audit-action-label" label="Action" value={action} onChange={(e) => onFilter(setAction)(e.target.value as AuditAction | '')}>
            <MenuItem value="">Any action</MenuItem>
            {AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small">
          <InputLabel id="audit-member-label">Member</InputLabel>
          <Select labelId="audit-member-label" label="Member" value={actorId} onChange={(e) => onFilter(setActorId)(e.target.value)}>
            <MenuItem value="">Anyone</MenuItem>
            {(members.data ?? []).map((m) => (
              <MenuItem key={m.userId} value={m.userId}>
                {m.email}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          type="date"
          label="From (UTC)"
          value={fromDay}
          onChange={(e) => onFilter(setFromDay)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To (UTC)"
          value={toDay}
          onChange={(e) => onFilter(setToDay)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {audit.isError && (
        <LoadError what="the audit" error={audit.error} onRetry={() => audit.refetch()} retrying={audit.isFetching} stale={audit.data !== undefined} />
      )}
      {audit.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : items.length === 0 && !audit.isError ? (
        <EmptyState icon={<HistoryIcon />} title={filtered ? 'Nothing matches these filters' : 'Nothing recorded yet'} testId="audit-empty">
          <Typography>
            {filtered ? 'Try another action, member or range of days.' : 'Changes to keys, members, the plan and webhooks will be listed here.'}
          </Typography>
        </EmptyState>
      ) : items.length > 0 ? (
        <Paper variant="outlined">
          {audit.isFetching && <LinearProgress aria-label="Loading the audit" />}
          <List dense disablePadding aria-labelledby="audit-title">
            {items.map((entry) => (
              <ListItem key={entry.id} divider data-testid="audit-row">
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <Chip size="small" variant="outlined" label={AUDIT_ACTION_LABELS[entry.action] ?? entry.action} />
                      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                        {auditDetail(entry)}
                      </Box>
                    </Box>
                  }
                  secondary={`${when(entry.createdAt)} · by ${entry.actorEmail ?? 'TimeZone API'}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
          <TablePagination
            component="div"
            count={audit.data?.total ?? 0}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
          />
        </Paper>
      ) : null}
    </Box>
  );
}
