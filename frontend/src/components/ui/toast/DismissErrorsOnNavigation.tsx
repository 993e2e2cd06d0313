import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissErrorToasts } from './toast-store';

/** Inside the router: a move to another page drops error toasts of the page left (a "Login Failed" after the retry that worked). */
export function DismissErrorsOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dismissErrorToasts();
  }, [pathname]);
  return null;
}
