import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { errorText } from '../../i18n/error-text.ts';
import { t as say } from '../../i18n/i18n.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { deviceName, passkeyRefusal, useAddPasskey, usePasskeys, useRemovePasskey } from './passkeys.ts';

/** A failed add or removal in the member's words: the browser's refusal, else the server's answer. */
function failed(err: unknown) {
  const refusal = passkeyRefusal(err);
  if (refusal === 'aborted') return;
  const description =
    refusal === 'cancelled'
      ? say('passkeys.cancelled')
      : refusal === 'already'
        ? say('passkeys.already')
        : err instanceof ApiError
          ? errorText(err, say)
          : say('passkeys.failed');
  toast({ title: say('me.errorTitle'), description, variant: 'destructive' });
}

/** /me's passkeys (decision 060): each named, with when it was added and last used; add one here, remove any. */
export function PasskeysPanel() {
  const t = useT();
  const locale = useLocale();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [canAdd, setCanAdd] = useState(false);
  useEffect(() => {
    setCanAdd('PublicKeyCredential' in window);
    setName(deviceName(say('passkeys.thisDevice')));
  }, []);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    add.mutate(trimmed, {
      onSuccess: () => toast({ title: say('passkeys.addedTitle'), description: say('passkeys.addedText') }),
      onError: failed,
    });
  };
  const passkeys = list.data?.passkeys ?? [];
  return (
    <section aria-labelledby="passkeys-title" className="mt-6 rounded-xl border border-line p-4 text-sm">
      <h2 id="passkeys-title" className="inline-flex items-center gap-2 font-semibold text-white">
        <KeyRound size={16} aria-hidden className="text-gold" /> {t('passkeys.title')}
      </h2>
      <p className="mt-1 text-zinc-400">{t('passkeys.intro')}</p>
      {passkeys.length > 0 && (
        <ul className="mt-3 divide-y divide-line" data-testid="passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="break-words font-medium text-zinc-100">{p.name}</p>
                <p className="text-xs text-zinc-400">
                  {t('passkeys.added', { day: day(p.createdAt) })} ·{' '}
                  {p.lastUsedAt ? t('passkeys.lastUsed', { day: day(p.lastUsedAt) }) : t('passkeys.neverUsed')}
                </p>
              </div>
              <button
                type="button"
                className="text-xs font-semibold tracking-wider text-zinc-300 underline underline-offset-4 hover:text-gold disabled:opacity-60"
                disabled={remove.isPending}
                aria-label={t('passkeys.removeLabel', { name: p.name })}
                onClick={() =>
                  remove.mutate(p.id, {
                    onSuccess: () => toast({ title: say('passkeys.removedTitle'), description: p.name }),
                    onError: failed,
                  })
                }
              >
                {t('passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="passkey-name" className="block text-xs font-semibold tracking-widest text-zinc-300">
              {t('passkeys.nameLabel')}
            </label>
            <input
              id="passkey-name"
              value={name}
              maxLength={60}
              required
              onChange={(e) => setName(e.target.value)}
              className={`${inputClass} mt-1 w-full`}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
