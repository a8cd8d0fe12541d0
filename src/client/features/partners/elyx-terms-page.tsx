import { X } from 'lucide-react';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ELYX_CONTACT } from './partner-content.ts';

const TERMS = [
  { label: 'Redemption', text: 'The voucher can be redeemed until 31 March 2026.' },
  { label: 'Appointments', text: 'Appointments must be made at least three business days in advance.' },
  { label: 'Vouchers', text: 'One voucher per person. Vouchers are non-transferable and have no cash value.' },
  { label: 'Cancellation', text: 'Cancellations must be made at least 24 hours prior to the appointment.' },
  { label: 'Opening hours', text: 'Daily, 8AM to 8PM.' },
  { label: 'At your session', text: 'Present your voucher at the time of service and sign a waiver before it begins.' },
];

/** Public page opened in a new tab from the Elyx Life page, so it has no member shell. */
export function ElyxTermsPage() {
  return (
    <main className="min-h-screen bg-ink px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <div className="flex items-center justify-between gap-4">
          <Logo className="h-9 w-auto sm:h-10" />
          <Button variant="outline" onClick={() => window.close()}>
            <X size={16} aria-hidden />
            Close
          </Button>
        </div>

        <p className="mt-10 text-xs uppercase tracking-[0.3em] text-gold">Elyx Life</p>
        <h1 className="mt-3 text-3xl font-bold tracking-wide text-white">Terms and Conditions</h1>
        <p className="mt-3 text-zinc-300">These terms apply to the Elyx Life offer for Special Access Pass holders.</p>

        <ol className="mt-8 space-y-3">
          {TERMS.map((t, i) => (
            <li key={t.label} className="flex gap-4 rounded-xl border border-line bg-panel p-4">
              <span className="font-mono text-sm text-gold">{String(i + 1).padStart(2, '0')}</span>
              <div>
                <h2 className="text-sm font-semibold uppercase tracking-widest text-zinc-400">{t.label}</h2>
                <p className="mt-1 text-zinc-100">{t.text}</p>
              </div>
            </li>
          ))}
          <li className="flex gap-4 rounded-xl border border-line bg-panel p-4">
            <span className="font-mono text-sm text-gold">{String(TERMS.length + 1).padStart(2, '0')}</span>
            <div>
              <h2 className="text-sm font-semibold uppercase tracking-widest text-zinc-400">Bookings</h2>
              <p className="mt-1 text-zinc-100">
                Book by phone on{' '}
                <a href={ELYX_CONTACT.phoneHref} className="whitespace-nowrap text-gold underline underline-offset-4">
                  {ELYX_CONTACT.phoneDisplay}
                </a>{' '}
                or by e-mail to{' '}
                <a
                  href={`mailto:${ELYX_CONTACT.email}`}
                  className="whitespace-nowrap text-gold underline underline-offset-4"
                >
                  {ELYX_CONTACT.email}
                </a>
                .
              </p>
            </div>
          </li>
        </ol>
      </div>
    </main>
  );
}
