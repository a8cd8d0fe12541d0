import { useState } from 'react';
import { useSignedIn } from '../session.ts';
import type { Confirmed } from './api.ts';
import { AddPasskey } from './passkeys-panel.tsx';
import { RecoveryCodes, TotpSetup } from './totp-setup.tsx';

/** A sign-in the organiser requires a second factor of, for an account without one: set it up, then go in. */
export function SetupAtSignIn() {
  const signedIn = useSignedIn();
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  if (!confirmed)
    return (
      <div className="space-y-6">
        <TotpSetup onConfirmed={setConfirmed} />
        <div className="border-t border-line pt-4">
          <p className="mb-3 text-sm text-zinc-300">Or add a passkey (this device, a phone or a security key):</p>
          <AddPasskey onAdded={(added) => added.user && signedIn(added.user)} />
        </div>
      </div>
    );
  const { user } = confirmed;
  return <RecoveryCodes codes={confirmed.recoveryCodes} onDone={() => user && signedIn(user)} />;
}
