import { useSyncExternalStore, type ReactNode } from 'react';

/** Spec section 9: one toast at a time (a new one replaces the one on screen), shown 5 s, swiped 50 px to the right to dismiss. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
}

// The toast on screen lives outside React so that anything (a data provider, a redirect) can show one.
let current: ToastItem | null = null;
let counter = 0;
const listeners = new Set<() => void>();

function set(next: ToastItem | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Show a toast; a new one replaces the one on screen. Usable outside React too. */
export function toast(input: ToastInput) {
  const id = ++counter;
  set({ variant: 'default', ...input, id });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast on screen (only if it is still that one, when an id is given). */
export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) set(null);
}

/** Drops an error toast still on screen: it is stale once the user succeeded or moved to another page. */
export function dismissErrorToasts() {
  if (current?.variant === 'destructive') set(null);
}

/** Test helper: forget the toast on screen. */
export function resetToasts() {
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
