import { type ComponentType, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';
import { useToasts } from './use-toast.ts';

// The Radix toaster is not needed for the first paint: its own chunk, fetched when the page is idle or the
// first toast is raised, whichever comes first (front-end budget, decision 015). Not through React.lazy: a
// Suspense boundary holds revealed content back by up to 300 ms, and a series of toasts must keep its rhythm.
let loaded: ComponentType | null = null;
const loadToaster = () =>
  import('./toaster.tsx').then((m) => {
    loaded = m.Toaster;
    return m.Toaster;
  });

type SetToaster = (next: () => ComponentType) => void;
const showWhenLoaded = (set: SetToaster) => void loadToaster().then((component) => set(() => component));

/** Where toasts appear: nothing until the toaster has loaded; toasts raised before then wait in the store. */
export function ToastOutlet() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded);
  useEffect(() => whenIdle(() => showWhenLoaded(setToaster)), []);
  useEffect(() => {
    if (toasts.length > 0 && !Toaster) showWhenLoaded(setToaster);
  }, [toasts.length, Toaster]);
  return Toaster ? <Toaster /> : null;
}
