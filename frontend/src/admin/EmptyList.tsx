import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/Inbox';

/** Every list's empty state. */
export function EmptyList({ text }: { text: string }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary', width: '100%' }} data-testid="empty-list">
      <InboxIcon sx={{ fontSize: 40, mb: 1, opacity: 0.6 }} />
      <Typography>{text}</Typography>
    </Box>
  );
}
