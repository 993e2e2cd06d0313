import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { AuthForm, authTitles, type AuthMode } from './AuthForm';

export interface AuthDialogProps {
  open: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  returnTo?: string | null;
}

export function AuthDialog({ open, mode, onModeChange, onClose, returnTo }: AuthDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { title, subtitle } = authTitles[mode];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="auth-dialog-title">
      <DialogTitle id="auth-dialog-title" sx={{ pr: 6 }}>
        {title}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: '8px !important' }}>
        <AuthForm mode={mode} onModeChange={onModeChange} onDone={onClose} returnTo={returnTo} showTitle={false} />
      </DialogContent>
    </Dialog>
  );
}
