import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../lib/api';
import { toast } from '../components/ui/toast';
import { loginWithReturnTo } from '../config/paths';
import { meQueryKey } from '../lib/auth';

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * Spec 4/8: a 401 from any dashboard call (query or mutation) shows 'Unauthorized' and, 500 ms later,
 * goes to /login?returnTo=<current path>. The cached user is dropped so the login page doesn't bounce back.
 */
export function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location.pathname + location.search);
  here.current = location.pathname + location.search;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const trigger = (error: unknown) => {
      if (!isUnauthorized(error) || pending.current) return;
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      const returnTo = here.current;
      pending.current = setTimeout(() => {
        pending.current = null;
        queryClient.setQueryData(meQueryKey, null);
        navigate(loginWithReturnTo(returnTo), { replace: true });
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
