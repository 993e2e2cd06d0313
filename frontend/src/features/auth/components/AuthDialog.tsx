import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { AuthForm, authTitles, type AuthMode } from './AuthForm';

interface AuthDialogContextValue {
  openAuthDialog: (mode?: 'login' | 'register' | 'forgot') => void;
  closeAuthDialog: () => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}

interface AuthDialogProps {
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

/** Lets any page open the sign-in / sign-up dialog. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>('login');
  const [searchParams] = useSearchParams();

  const openAuthDialog = useCallback((next: 'login' | 'register' | 'forgot' = 'login') => {
    setMode(next);
    setOpen(true);
  }, []);
  const closeAuthDialog = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ openAuthDialog, closeAuthDialog }), [openAuthDialog, closeAuthDialog]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      <AuthDialog
        open={open}
        mode={mode}
        onModeChange={setMode}
        onClose={closeAuthDialog}
        returnTo={searchParams.get('returnTo')}
      />
    </AuthDialogContext.Provider>
  );
}
