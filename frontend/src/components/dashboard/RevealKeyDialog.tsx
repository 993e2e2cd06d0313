import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ApiError, errorMessage } from '../../lib/api';
import { revealApiKey, type ApiKey } from '../../lib/api-keys';
import { useAuth } from '../../lib/auth';

/** The words every place that offers a key's secret again uses (the new-key dialog, its toast, this dialog). */
export const REVEAL_LATER_TEXT = 'You can reveal it again later from its card after confirming your password.';

type Pending = { key: Pick<ApiKey, 'id' | 'name'>; resolve: (secret: string | null) => void };

/**
 * Revealing a key's full secret asks the user to confirm it is them (the password, and a code when two-factor sign-in
 * is on), as the server requires. `reveal` answers the secret, or null when the user cancels. An account that signs in
 * only through the identity provider and has no second factor has nothing to type: the secret comes at once.
 */
export function useRevealKey(): { reveal: (key: Pick<ApiKey, 'id' | 'name'>) => Promise<string | null>; dialog: ReactNode } {
  const { user } = useAuth();
  const [pending, setPending] = useState<Pending | null>(null);
  const needsPassword = user?.hasPassword !== false;
  const needsCode = Boolean(user?.totpEnabled);

  const reveal = useCallback(
    async (key: Pick<ApiKey, 'id' | 'name'>) => {
      if (!needsPassword && !needsCode) return (await revealApiKey(key.id, {})).key;
      return new Promise<string | null>((resolve) => setPending({ key, resolve }));
    },
    [needsPassword, needsCode],
  );

  const finish = (secret: string | null) => {
    pending?.resolve(secret);
    setPending(null);
  };

  return {
    reveal,
    dialog: pending && (
      <RevealKeyDialog key={pending.key.id} name={pending.key.name} keyId={pending.key.id} askPassword={needsPassword} askCode={needsCode} onDone={finish} />
    ),
  };
}

function RevealKeyDialog(props: { name: string; keyId: string; askPassword: boolean; askCode: boolean; onDone: (secret: string | null) => void }) {
  const { name, keyId, askPassword, askCode, onDone } = props;
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<{ password?: string; totp?: string }>({});
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (askPassword && !password) {
      setErrors({ password: 'Enter your password to reveal the key.' });
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { key } = await revealApiKey(keyId, { ...(askPassword && { password }), ...(askCode && totp.trim() && { totp: totp.trim() }) });
      onDone(key);
    } catch (error) {
      // The server names the field to fix (password, or the code): the message shows beside it.
      const field = error instanceof ApiError ? error.problem.field : undefined;
      const message = errorMessage(error, 'The key could not be revealed. Please try again.');
      setErrors(field === 'totp' ? { totp: message } : { password: message });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onDone(null)} maxWidth="xs" fullWidth aria-labelledby="reveal-key-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="reveal-key-title">Confirm It&apos;s You</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter your {askPassword ? 'password' : 'authentication code'} to reveal the full key “{name}”. Anyone who has it can call the API on your plan.
          </DialogContentText>
          <Stack spacing={2}>
            {askPassword && (
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors((current) => ({ ...current, password: undefined }));
                }}
                error={Boolean(errors.password)}
                helperText={errors.password}
                inputRef={passwordRef}
                autoFocus
                required
                fullWidth
              />
            )}
            {askCode && (
              <TextField
                label="Authentication Code"
                autoComplete="one-time-code"
                value={totp}
                onChange={(e) => {
                  setTotp(e.target.value);
                  setErrors((current) => ({ ...current, totp: undefined }));
                }}
                error={Boolean(errors.totp)}
                helperText={errors.totp ?? 'From your authenticator app, or a recovery code.'}
                autoFocus={!askPassword}
                required
                fullWidth
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(null)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Reveal Key
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
