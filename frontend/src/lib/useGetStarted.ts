import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { roleLanding } from '../config/paths';
import { useAuth } from './auth';
import { useAuthDialog } from './auth-dialog';

/**
 * What every "Get started / Sign up / Start building" call to action does: a visitor gets the sign-up dialog,
 * a signed-in user goes to their dashboard (the console for a super admin).
 */
export function useGetStarted(mode: 'register' | 'login' = 'register'): () => void {
  const { status, user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  return useCallback(() => {
    if (status === 'authenticated') navigate(roleLanding(user));
    else openAuthDialog(mode);
  }, [status, user, navigate, openAuthDialog, mode]);
}
