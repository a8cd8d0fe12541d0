import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LOGIN_CODE_DIGITS } from '#common/constants.ts';
import { LanguageMenu } from '../../components/layout/language-menu.tsx';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { loadPageMessages } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLogin, useLoginMode, useSignedIn } from '../../lib/session.ts';
import { LOGIN_CARD_CLASS, LOGIN_MAIN_CLASS } from './login-styles.ts';

// The code step is only for MEMBER_LOGIN=code: its own small chunk, fetched as soon as the mode is known.
const loadCodeStep = () => Promise.all([import('./login-code.tsx'), loadPageMessages()]).then(([m]) => m);
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })));
// Passkeys (decision 060): their module, and the WebAuthn library in it, load only where a passkey can be used.
const passkeys = () => import('./passkeys.ts');
type PasskeyModule = Awaited<ReturnType<typeof passkeys>>;

export function LoginPage() {
  const t = useT();
  usePageTitle(t('page.signIn'));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const login = useLogin();
  const mode = useLoginMode();
  // The server paints this form before the script runs: until then a press would send the e-mail in the URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (mode === 'code') void loadCodeStep();
  }, [mode]);
  const signedIn = useSignedIn();
  const [withPasskey, setWithPasskey] = useState(false);
  const passkeyFailed = (err: unknown, m: PasskeyModule | undefined) => {
    const refusal = m?.passkeyRefusal(err);
    if (refusal === 'aborted') return;
    setError(
      refusal === 'cancelled'
        ? t('login.passkeyCancelled')
        : err instanceof ApiError
          ? errorText(err, t)
          : t('login.passkeyFailed'),
    );
  };
  // Where the browser offers passkeys among the e-mail field's suggestions (conditional UI), they are offered there:
  // once per visit, the request waiting in the field until a passkey is picked or the page is left.
  const latest = useRef({ signedIn, passkeyFailed });
  latest.current = { signedIn, passkeyFailed };
  useEffect(() => {
    let live = true;
    let module: PasskeyModule | undefined;
    void (async () => {
      if (!(await window.PublicKeyCredential?.isConditionalMediationAvailable?.())) return;
      module = await passkeys();
      if (!live) return;
      if (await module.signInWithPasskey(true)) await latest.current.signedIn();
      // Only the server's refusal of a passkey the member picked is news; the browser's own ends are not.
    })().catch((err: unknown) => live && err instanceof ApiError && latest.current.passkeyFailed(err, module));
    return () => {
      live = false;
      if (module) void module.cancelPasskeyAutofill();
    };
  }, []);
  // After hydration only: the server's paint cannot know the browser.
  const canUsePasskeys = hydrated && 'PublicKeyCredential' in window;
  const passkeySignIn = async () => {
    setError(null);
    setWithPasskey(true);
    let module: PasskeyModule | undefined;
    try {
      module = await passkeys();
      await module.signInWithPasskey();
      await signedIn();
    } catch (err) {
      passkeyFailed(err, module);
    } finally {
      setWithPasskey(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return setError(t('msg.emailRequired'));
    setError(null);
    login.mutate(
      { email: trimmed },
      {
        onSuccess: (data) => {
          if ('codeSent' in data) setSentTo(trimmed);
        },
        onError: (err) => setError(err instanceof ApiError ? errorText(err, t) : t('msg.notAuthorized')),
      },
    );
  };

  if (sentTo)
    return (
      <main className={LOGIN_MAIN_CLASS}>
        <Suspense fallback={<p className="text-lg tracking-wide text-zinc-300">{t('common.loading')}</p>}>
          <CodeStep email={sentTo} onChangeEmail={() => setSentTo(null)} />
        </Suspense>
      </main>
    );

  return (
    <main className={LOGIN_MAIN_CLASS}>
      <form onSubmit={submit} noValidate={false} className={LOGIN_CARD_CLASS}>
        <Logo className="mx-auto h-12 w-auto" />
        <h1 className="mt-8 text-center text-2xl font-semibold tracking-wide text-white">{t('login.title')}</h1>
        <p className="mt-2 text-center text-sm text-zinc-400">
          {t('login.intro')}
          {mode === 'code' && t('login.introCode', { digits: LOGIN_CODE_DIGITS })}
        </p>
        <label htmlFor="email" className="mt-8 block text-xs font-semibold tracking-widest text-zinc-300">
          {t('login.emailLabel')}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="email webauthn"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onInvalid={(e) => {
            // Blank input gets the spec's wording instead of the browser's.
            if (!e.currentTarget.value.trim()) e.currentTarget.setCustomValidity(t('msg.emailRequired'));
          }}
          onInput={(e) => e.currentTarget.setCustomValidity('')}
          placeholder="you@example.com"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'login-error' : undefined}
          className="mt-2 w-full rounded-md border border-line bg-ink px-4 py-3 text-white placeholder:text-zinc-500 focus:border-gold focus:outline-none"
        />
        {error && (
          <p id="login-error" role="alert" className="mt-3 text-sm text-red-400">
            {error}
          </p>
        )}
        <Button type="submit" disabled={!hydrated || login.isPending} className="mt-6 w-full py-3">
          {login.isPending ? t('login.verifying') : t('login.submit')}
        </Button>
        {canUsePasskeys && (
          <Button
            variant="outline"
            disabled={withPasskey}
            onClick={() => void passkeySignIn()}
            className="mt-3 w-full py-3"
          >
            {t('login.passkey')}
          </Button>
        )}
        {/* Before signing in too: the browser's language may not be the member's (decision 059). */}
        <div className="mt-6 flex justify-center">
          <LanguageMenu signedIn={false} />
        </div>
      </form>
    </main>
  );
}
