import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isUnauthorized, signedOutReason } from '../lib/api';
import { toast } from '../components/ui/toast';
import { loginWithReturnTo } from '../config/paths';
import { meQueryKey, noteSignOutReason } from '../lib/auth';

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * Spec 4/8: a 401 from any dashboard call (query or mutation) shows 'Unauthorized' and, 500 ms later,
 * goes to /login?returnTo=<current path>. The cached user is dropped so the login page doesn't bounce back.
 * An expired session (401 session_expired) or a blocked account (403 account_blocked) goes the same way with the
 * reason in the address (`&error=expired|blocked`), so the sign-in page says why.
 */
export function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location.pathname + location.search);
  here.current = location.pathname + location.search;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The server says why only once (an expired session's row goes with the first answer): keep it if any call said it.
  const why = useRef<ReturnType<typeof signedOutReason>>(null);

  useEffect(() => {
    const trigger = (error: unknown) => {
      const reason = signedOutReason(error);
      if (!(isUnauthorized(error) || reason)) return;
      if (pending.current) {
        why.current ??= reason;
        return;
      }
      why.current = reason;
      toast({
        title: 'Unauthorized',
        description:
          reason === 'blocked' ? errorMessage(error, 'This account has been blocked. Please contact support.') : 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      const returnTo = here.current;
      pending.current = setTimeout(() => {
        pending.current = null;
        noteSignOutReason(why.current);
        queryClient.setQueryData(meQueryKey, null);
        navigate(loginWithReturnTo(returnTo, why.current), { replace: true });
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') trigger(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') trigger(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [queryClient, navigate]);
}
