export { Toaster } from './Toaster';
export { useToast } from './useToast';
export { toast, dismissToast, resetToasts } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';
