import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { t as say } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/use-t.ts';
import { passkeyOffered } from '../../lib/passkey-offer-due.ts';
import { addPasskey, deviceName, passkeyRefusal, platformPasskeysAvailable } from './passkeys.ts';

/**
 * After the first e-mail sign-in on a device that can keep a passkey (decision 060): a small card offering one, once.
 * "Not now" or any outcome ends it for this device; /me keeps the way to add one later.
 */
export function PasskeyOffer() {
  const t = useT();
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void platformPasskeysAvailable().then((available) => {
      passkeyOffered();
      if (live && available) setShow(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!show) return null;
  const accept = async () => {
    setBusy(true);
    try {
      await addPasskey(deviceName(say('passkeys.thisDevice')));
      toast({ title: say('passkeys.addedTitle'), description: say('passkeys.addedText') });
    } catch (err) {
      const refusal = passkeyRefusal(err);
      if (refusal === 'already') toast({ title: say('passkeys.already') });
      else if (refusal !== 'cancelled' && refusal !== 'aborted')
        toast({ title: say('me.errorTitle'), description: say('passkeys.failed'), variant: 'destructive' });
    }
    setShow(false);
  };
  return (
    <aside
      aria-labelledby="passkey-offer-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-line bg-panel p-4 shadow-xl sm:bottom-6"
      data-testid="passkey-offer"
    >
      <h2 id="passkey-offer-title" className="inline-flex items-center gap-2 font-semibold text-white">
        <KeyRound size={16} aria-hidden className="text-gold" /> {t('passkeys.offerTitle')}
      </h2>
      <p className="mt-1 text-sm text-zinc-300">{t('passkeys.offerText')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void accept()}>
          {t('passkeys.add')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setShow(false)}>
          {t('passkeys.notNow')}
        </Button>
      </div>
    </aside>
  );
}
