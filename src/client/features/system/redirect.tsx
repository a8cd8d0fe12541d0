import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';

/** Replaces the current history entry, as the original's redirects did. */
export function Redirect({ to, message }: { to: string; message?: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [to, navigate]);
  return message ? <FullScreenMessage>{message}</FullScreenMessage> : null;
}
