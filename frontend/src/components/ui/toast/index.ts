export { Toaster } from './Toaster';
export { toast, dismissToast, dismissErrorToasts, resetToasts, TOAST_DURATION_MS } from './toast-store';
export { DismissErrorsOnNavigation } from './DismissErrorsOnNavigation';
export type { ToastInput, ToastVariant } from './toast-store';
