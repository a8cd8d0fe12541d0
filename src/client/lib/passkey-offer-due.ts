// The gentle offer of a passkey after an e-mail sign-in (decision 060): once per device, shown by the dashboard.
const DUE = 'portal-passkey-offer';
const SEEN = 'portal-passkey-offered';

/** An e-mail sign-in just happened here: the dashboard may offer a passkey, unless this device was offered one. */
export function offerPasskeyNext(): void {
  try {
    if ('PublicKeyCredential' in window && !localStorage.getItem(SEEN)) sessionStorage.setItem(DUE, '1');
  } catch {
    // no storage (a locked-down browser): no offer
  }
}

export function passkeyOfferDue(): boolean {
  try {
    return sessionStorage.getItem(DUE) === '1' && !localStorage.getItem(SEEN);
  } catch {
    return false;
  }
}

/** Offered (or not possible here): never again on this device; /me still has it. */
export function passkeyOffered(): void {
  try {
    sessionStorage.removeItem(DUE);
    localStorage.setItem(SEEN, '1');
  } catch {
    // no storage: nothing to remember
  }
}
