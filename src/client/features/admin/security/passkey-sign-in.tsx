import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { PASSKEY_MSG } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { useSignedIn } from '../session.ts';
import { passkeyErrorText, signInWithPasskey } from './passkey-client.ts';

/** Signs in with a passkey: alone from the sign-in form, or as the second factor after the password. */
export function PasskeySignInButton({ label }: { label: string }) {
  const signedIn = useSignedIn();
  const go = useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn });
  return (
    <div className="mt-3 space-y-2">
      <Button variant="outline" className="w-full py-3" disabled={go.isPending} onClick={() => go.mutate()}>
        <KeyRound size={16} aria-hidden />
        {go.isPending ? 'Waiting for the passkey...' : label}
      </Button>
      {go.isError && (
        <p role="alert" className="text-sm text-red-400">
          {passkeyErrorText(go.error) ?? serverMessageOr(go.error, PASSKEY_MSG.invalid)}
        </p>
      )}
    </div>
  );
}
