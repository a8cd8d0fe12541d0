import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_MSG, type AdminLoginInput, adminLoginSchema } from '#common/admin.ts';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Redirect } from '../system/index.ts';
import { AdminBadge } from './admin-badge.tsx';
import { PasskeySignInButton } from './security/passkey-sign-in.tsx';
import { ForgotPassword, ResetPasswordForm } from './security/password-reset.tsx';
import { SecondFactorForm } from './security/second-factor-form.tsx';
import { SetupAtSignIn } from './security/setup-at-sign-in.tsx';
import { homeOf, useAdminLogin, useAdminLogout, useAdminSession } from './session.ts';

/** /admin, and what the admin guard shows to anyone not signed in (or half: the second factor's step, decision 056). */
export function AdminLoginPage({ redirectIfSignedIn = true }: { redirectIfSignedIn?: boolean }) {
  const { admin, pending, isLoading } = useAdminSession();
  if (isLoading) return <FullScreenMessage>Loading admin...</FullScreenMessage>;
  if (admin && redirectIfSignedIn) return <Redirect to={homeOf(admin)} />;
  if (pending === 'factor')
    return (
      <LoginCard title="Two-factor sign in" subtitle="Your password was right. One more step." cancel>
        <SecondFactorForm />
      </LoginCard>
    );
  if (pending === 'setup')
    return (
      <LoginCard
        title="Set up two-factor sign in"
        subtitle="The organiser requires a second factor for your account."
        cancel
      >
        <SetupAtSignIn />
      </LoginCard>
    );
  return <AdminLoginForm />;
}

/** /admin/reset-password: the reset mail's link. */
export function ResetPasswordPage() {
  return (
    <LoginCard title="Choose a new password" subtitle="Your other sessions end; a second factor is still asked for.">
      <ResetPasswordForm />
    </LoginCard>
  );
}

/** The sign-in's card: logo, title, and its step; `cancel` offers to start again (signs the half session out). */
function LoginCard(props: {
  title: string;
  pageTitle?: string;
  subtitle: string;
  cancel?: boolean;
  children: ReactNode;
}) {
  const { title, subtitle, cancel, children } = props;
  usePageTitle(props.pageTitle ?? title);
  const logout = useAdminLogout();
  return (
    <main className="flex min-h-screen items-center justify-center bg-[radial-gradient(ellipse_at_top,_#1c1c2a_0%,_#0b0b0f_60%)] px-4 py-8">
      <div className="w-full max-w-md rounded-2xl border border-gold/30 bg-panel/90 p-6 shadow-2xl sm:p-8">
        <div className="flex items-center justify-center gap-3">
          <Logo className="h-10 w-auto" />
          <AdminBadge />
        </div>
        <h1 className="mt-8 text-center text-2xl font-semibold tracking-wide text-white">{title}</h1>
        <p className="mt-2 mb-8 text-center text-sm text-zinc-400">{subtitle}</p>
        {children}
        {cancel && (
          <Button variant="ghost" className="mt-4 w-full" onClick={() => logout.mutate()}>
            Start again
          </Button>
        )}
      </div>
    </main>
  );
}

function AdminLoginForm() {
  const login = useAdminLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onError: (err) => {
        const message = serverMessageOr(err, ADMIN_MSG.invalidCredentials);
        setServerError(message);
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <LoginCard
      title="Admin Sign In"
      pageTitle="Admin sign in"
      subtitle="Staff access to benefits, members and RSVP settings."
    >
      <form onSubmit={submit} noValidate>
        <div className="space-y-5">
          <Field id="admin-email" label="Email" error={errors.email?.message}>
            <input
              id="admin-email"
              type="email"
              autoComplete="username"
              aria-invalid={Boolean(errors.email)}
              className={inputClass}
              {...form.register('email')}
            />
          </Field>
          <Field id="admin-password" label="Password" error={errors.password?.message}>
            <input
              id="admin-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={Boolean(errors.password)}
              className={inputClass}
              {...form.register('password')}
            />
          </Field>
        </div>
        {serverError && (
          <p id="admin-login-error" role="alert" className="mt-4 text-sm text-red-400">
            {serverError}
          </p>
        )}
        <Button type="submit" disabled={login.isPending} className="mt-6 w-full py-3">
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <PasskeySignInButton label="Use a passkey" />
      <ForgotPassword />
    </LoginCard>
  );
}
