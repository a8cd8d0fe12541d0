import { Wallet } from 'lucide-react';
import * as bookingsApi from '#common/api/bookings.ts';
import type { Wallets } from '#common/bookings.ts';
import { pathOf } from '#common/route-contract.ts';
import { useT } from '../../i18n/use-t.ts';

const BUTTON =
  'inline-flex items-center gap-2 rounded-lg bg-black px-4 py-2 text-sm font-semibold text-white ring-1 ring-zinc-600 hover:ring-white';

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" beside a booking's pass, each shown only when the portal has
 * that wallet's settings (decision 025). Each pass is built when asked for: it shows the booking as it is.
 */
export function WalletButtons({ bookingId, wallets }: { bookingId: string; wallets: Wallets | undefined }) {
  const t = useT();
  if (!wallets?.apple && !wallets?.google) return null;
  const params = { bookingId };
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="wallet-buttons">
      {wallets.apple && (
        <a href={pathOf(bookingsApi.appleWallet, { params })} className={BUTTON} data-testid="apple-wallet">
          <Wallet size={16} aria-hidden /> {t('wallet.apple')}
        </a>
      )}
      {wallets.google && (
        // The server signs the save link when followed, so the pass shows the booking as it is then.
        <a href={pathOf(bookingsApi.googleWallet, { params })} className={BUTTON} data-testid="google-wallet">
          <Wallet size={16} aria-hidden /> {t('wallet.google')}
        </a>
      )}
    </div>
  );
}
