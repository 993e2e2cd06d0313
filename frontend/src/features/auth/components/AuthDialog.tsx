import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import type { AuthMode } from './AuthForm';

// The dialog (form fields, validation) loads on first open, keeping it out of the landing page's initial JavaScript.
const LazyAuthDialog = lazy(async () => ({ default: (await import('./AuthDialogView')).AuthDialog }));

/** Lets any page open the sign-in / sign-up dialog. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<AuthMode>('login');
  const [searchParams] = useSearchParams();

  const openAuthDialog = useCallback((next: 'login' | 'register' | 'forgot' = 'login') => {
    setMode(next);
    setOpen(true);
    setOpened(true);
  }, []);
  const closeAuthDialog = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ openAuthDialog, closeAuthDialog }), [openAuthDialog, closeAuthDialog]);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <LazyAuthDialog open={open} mode={mode} onModeChange={setMode} onClose={closeAuthDialog} returnTo={searchParams.get('returnTo')} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
