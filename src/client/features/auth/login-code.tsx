import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import * as authApi from '#common/api/auth.ts';
import type { VerifyLoginInput } from '#common/auth.ts';
import { LOGIN_CODE_DIGITS } from '#common/constants.ts';
import { MSG } from '#common/messages.ts';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { offerPasskeyNext } from '../../lib/passkey-offer-due.ts';
import { useLogin, useSignedIn } from '../../lib/session.ts';
import { PATHS } from '../../paths.ts';
import { LOGIN_CARD_CLASS, LOGIN_MAIN_CLASS } from './login-styles.ts';

const errorText = (err: unknown) => (err instanceof ApiError ? err.serverMessage : MSG.loginCodeInvalid);
const CODE_PATTERN = new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`);

function useVerifyLogin(opts: { replace?: boolean } = {}) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: VerifyLoginInput) => call(authApi.verify, { body: input }),
    onSuccess: () => {
      offerPasskeyNext();
      return signedIn(opts);
    },
  });
}

/** Step 2 of MEMBER_LOGIN=code: the code from the e-mail, in a browser that asked for it (decision 044). */
export function CodeStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useVerifyLogin();
  const resend = useLogin();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, '');
    setNotice(null);
    if (!CODE_PATTERN.test(digits)) {
      setError(MSG.loginCodeRequired);
      input.current?.focus();
      return;
    }
    setError(null);
    verify.mutate({ email, code: digits }, { onError: (err) => setError(errorText(err)) });
  };

  const sendAgain = () => {
    setError(null);
    setNotice(null);
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setCode('');
          setNotice(t('code.resent', { email }));
          input.current?.focus();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={LOGIN_CARD_CLASS}>
      <Logo className="mx-auto h-12 w-auto" />
      <h1 className="mt-8 text-center text-2xl font-semibold tracking-wide text-white">{t('code.title')}</h1>
      <p id="code-prompt" className="mt-2 text-center text-sm text-zinc-400">
        {t('code.prompt', { digits: LOGIN_CODE_DIGITS, email })}
      </p>
      {/* Past the hour's cap no new mail goes out, and the newest works in every browser that asked (decision 044). */}
      <p className="mt-2 text-center text-xs text-zinc-500">{t('code.newestHint')}</p>
      <label htmlFor="code" className="mt-8 block text-xs font-semibold tracking-widest text-zinc-300">
        {t('code.label')}
      </label>
      <input
        ref={input}
        id="code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LOGIN_CODE_DIGITS + 2}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'code-prompt code-error' : 'code-prompt'}
        className="mt-2 w-full rounded-md border border-line bg-ink px-4 py-3 text-center font-mono text-2xl tracking-[0.5em] text-white placeholder:text-zinc-600 focus:border-gold focus:outline-none"
        placeholder={'0'.repeat(LOGIN_CODE_DIGITS)}
      />
      {error && (
        <p id="code-error" role="alert" className="mt-3 text-sm text-red-400">
          {error}
        </p>
      )}
      <p role="status" className="mt-3 text-sm text-zinc-300 empty:hidden">
        {notice}
      </p>
      <Button type="submit" disabled={verify.isPending} className="mt-6 w-full py-3">
        {verify.isPending ? t('code.verifying') : t('code.verify')}
      </Button>
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={onChangeEmail}>
          {t('code.otherEmail')}
        </Button>
        <Button variant="ghost" onClick={sendAgain} disabled={resend.isPending}>
          {t('code.sendNew')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The e-mailed link (GET /login/verify?token=...). Opening it changes nothing by itself: this page
 * posts the token, which only works in a browser that asked for a code for its e-mail.
 */
export function LoginVerifyPage() {
  const t = useT();
  usePageTitle(t('page.signIn'));
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  // Replace the history entry so the used link is not left in the back button.
  const verify = useVerifyLogin({ replace: true });
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // once, even when React runs effects twice
    verify.mutate({ token });
  }, [token, verify]);

  const error = !token ? MSG.loginCodeInvalid : verify.isError ? errorText(verify.error) : null;
  return (
    <main className={LOGIN_MAIN_CLASS}>
      <div className={LOGIN_CARD_CLASS}>
        <Logo className="mx-auto h-12 w-auto" />
        <h1 className="mt-8 text-center text-2xl font-semibold tracking-wide text-white">{t('login.title')}</h1>
        {error ? (
          <>
            <p role="alert" className="mt-6 text-center text-sm text-red-400">
              {error}
            </p>
            <Button className="mt-6 w-full py-3" onClick={() => navigate(PATHS.login, { replace: true })}>
              {t('code.requestNew')}
            </Button>
          </>
        ) : (
          <p role="status" className="mt-6 text-center text-zinc-300">
            {t('code.signingIn')}
          </p>
        )}
      </div>
    </main>
  );
}
