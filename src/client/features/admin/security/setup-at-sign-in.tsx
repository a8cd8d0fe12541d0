import { useState } from 'react';
import { useSignedIn } from '../session.ts';
import type { Confirmed } from './api.ts';
import { RecoveryCodes, TotpSetup } from './totp-setup.tsx';

/** A sign-in the organiser requires a second factor of, for an account without one: set it up, then go in. */
export function SetupAtSignIn() {
  const signedIn = useSignedIn();
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  if (!confirmed) return <TotpSetup onConfirmed={setConfirmed} />;
  const { user } = confirmed;
  return <RecoveryCodes codes={confirmed.recoveryCodes} onDone={() => user && signedIn(user)} />;
}
