import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { monoFont } from '../../../theme';
import { copyText } from '../../../components/ui/CopyButton';
import { toast } from '../../../components/ui/toast';

/** The full key right after create or rotate, with a copy button. */
export function KeySecretDialog({ secret, title, onClose }: { secret: { name: string; key: string } | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={!!secret} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="key-secret-title">
      <DialogTitle id="key-secret-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy your key for “{secret?.name}” now and store it somewhere safe. Treat it like a password.
        </Alert>
        <Box
          data-testid="new-key-value"
          sx={{ fontFamily: monoFont, fontSize: 14, p: 1.5, bgcolor: '#0f172a', color: '#e2e8f0', borderRadius: 2, overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {secret?.key}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={async () => {
            if (!secret) return;
            await copyText(secret.key);
            toast({ title: 'Copied to clipboard', description: 'Your API key has been copied to your clipboard.' });
          }}
        >
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
