export { Toaster } from './Toaster';
export { useToast } from './useToast';
export { toast, dismissToast, dismissErrorToasts, resetToasts } from './toast-store';
export { DismissErrorsOnNavigation } from './DismissErrorsOnNavigation';
export type { ToastInput, ToastVariant } from './toast-store';
