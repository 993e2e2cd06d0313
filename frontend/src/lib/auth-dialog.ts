import { createContext, useContext } from 'react';

/**
 * Opens the sign-in / sign-up dialog from anywhere (header, pricing cards, calls to action). The auth feature's
 * AuthDialogProvider supplies it (mounted by app/), so shared components open the dialog without importing the feature.
 */
export interface AuthDialogContextValue {
  openAuthDialog: (mode?: 'login' | 'register' | 'forgot') => void;
  closeAuthDialog: () => void;
}

export const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}
