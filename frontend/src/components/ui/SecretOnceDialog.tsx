import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { ReactNode } from 'react';
import { monoFont } from '../../theme';
import { copyText } from './CopyButton';
import { toast } from './toast';

/** A secret shown once (an API key, a webhook signing secret) right after create or rotate, with a copy button. */
export function SecretOnceDialog(props: {
  /** The secret; null keeps the dialog closed. */
  value: string | null;
  title: string;
  titleId: string;
  warning: ReactNode;
  testId: string;
  copiedText: string;
  onClose: () => void;
}) {
  const { value, title, titleId, warning, testId, copiedText, onClose } = props;
  return (
    <Dialog open={value !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <Box
          data-testid={testId}
          sx={{
            fontFamily: monoFont,
            fontSize: 14,
            p: 1.5,
            bgcolor: '#0f172a',
            color: '#e2e8f0',
            borderRadius: 2,
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {value}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={async () => {
            if (value === null) return;
            await copyText(value);
            toast({ title: 'Copied to clipboard', description: copiedText });
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
