import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '../../../common/constants.ts';

// Member spec §9: a dismissed toast stays mounted this long before removal (it animates out first).
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' | 'warning' };
export type ToastItem = ToastInput & { id: number; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput) {
  const id = nextId++;
  // Limit 1: a new toast replaces whatever is showing.
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
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

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts);
