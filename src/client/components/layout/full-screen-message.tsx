import type { ReactNode } from 'react';

/** One line in the middle of the screen: 'Loading...', a redirect's message, a failed session check. */
export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center text-lg tracking-wide text-zinc-300">
      {children}
    </main>
  );
}
