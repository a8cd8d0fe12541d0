import { lazy, Suspense, useEffect, useRef } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';
import { useToasts } from './use-toast.ts';

// The Radix toaster is not needed for the first paint: its own chunk, fetched when the page is idle or the
// first toast is raised, whichever comes first (front-end budget, decision 015).
const loadToaster = () => import('./toaster.tsx');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/** Where toasts appear: nothing until the first one, then the toaster, which stays. */
export function ToastOutlet() {
  const toasts = useToasts();
  const shown = useRef(false);
  if (toasts.length > 0) shown.current = true;
  useEffect(() => whenIdle(() => void loadToaster()), []);
  if (!shown.current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
