import { Wallet } from 'lucide-react';
import type { Wallets } from '../../../common/bookings.ts';

/**
 * "Add to Apple Wallet" beside a booking's pass, shown only when the portal has the organiser's pass certificate
 * (issue 36, decision 025). The file is built on each download, so it shows the booking as it is now.
 */
export function WalletButtons({ bookingId, wallets }: { bookingId: string; wallets: Wallets | undefined }) {
  if (!wallets?.apple) return null;
  const base = `/api/me/bookings/${encodeURIComponent(bookingId)}`;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="wallet-buttons">
      <a
        href={`${base}/wallet.pkpass`}
        className="inline-flex items-center gap-2 rounded-lg bg-black px-4 py-2 text-sm font-semibold text-white ring-1 ring-zinc-600 hover:ring-white"
        data-testid="apple-wallet"
      >
        <Wallet size={16} aria-hidden /> Add to Apple Wallet
      </a>
    </div>
  );
}
