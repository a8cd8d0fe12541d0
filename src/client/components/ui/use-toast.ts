import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '#common/constants.ts';

// docs/spec/member-portal.md §9: a dismissed toast stays mounted this long before removal (it animates out first).
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'warning';
  /** The title's and the description's language when not the page's (the organiser's or server's words). */
  titleLang?: string;
  descriptionLang?: string;
};
export type ToastItem = ToastInput & { id: number; open: boolean };

/** Newest first; only the open ones count towards the limit (closed ones are already gone from the screen). */
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

const sameToast = (a: ToastInput, b: ToastInput) =>
  a.title === b.title &&
  (a.description ?? '') === (b.description ?? '') &&
  (a.variant ?? 'default') === (b.variant ?? 'default');

export function toast(input: ToastInput) {
  const id = nextId++;
  // They stack (decision 011), but one saying the same thing is replaced, not repeated: a second press of submit
  // shows one 'Form Validation Error', with its time on screen started again.
  const others = toasts.filter((t) => !sameToast(t, input));
  const open = [{ ...input, id, open: true }, ...others.filter((t) => t.open)].slice(0, TOAST_LIMIT);
  toasts = [...open, ...others.filter((t) => !t.open)];
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
