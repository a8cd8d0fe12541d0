import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isRedirectTarget, isWebUrl } from '#common/urls.ts';

// What the RSVP form pages (evening, concierge, dynamic form) do besides their calls.

/** navigate() after a delay, cancelled if the page goes away first. */
export function useDelayedNavigate() {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (to: string, delayMs: number) => {
    if (timer.current) clearTimeout(timer.current);
    // Another site is a real page load; a portal path goes through the router; anything else goes nowhere odd.
    const target = isRedirectTarget(to) ? to : '/benefits';
    timer.current = setTimeout(() => (isWebUrl(target) ? window.location.assign(target) : navigate(target)), delayMs);
  };
}

/** Clears a chosen option once it is no longer offered (a slot that filled up meanwhile). */
export function useDropStaleChoice(value: string | undefined, offered: string[], clear: () => void, ready: boolean) {
  const key = offered.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `offered`
  useEffect(() => {
    if (ready && value && !offered.includes(value)) clear();
  }, [key, value, ready]);
}
