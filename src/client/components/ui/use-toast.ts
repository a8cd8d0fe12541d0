import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '#common/constants.ts';

// docs/spec/member-portal.md §9: a dismissed toast stays mounted this long before removal (it animates out first).
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' | 'warning' };
export type ToastItem = ToastInput & { id: number; open: boolean };

/** Newest first; only the open ones count towards the limit (closed ones are already gone from the screen). */
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput) {
  const id = nextId++;
  // They stack: a new toast joins those showing, and only the oldest beyond the limit makes way.
  const open = [{ ...input, id, open: true }, ...toasts.filter((t) => t.open)].slice(0, TOAST_LIMIT);
  toasts = [...open, ...toasts.filter((t) => !t.open)];
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const snapshot = () => toasts;
// The server snapshot is the same store: the server never raises a toast, so it renders none (first paint).
export const useToasts = () => useSyncExternalStore(subscribe, snapshot, snapshot);
