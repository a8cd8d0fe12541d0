import { loadPageMessages } from '../../i18n/i18n.ts';

let loading: Promise<typeof import('./benefit-modal.tsx')> | null = null;

/** The tile modal's chunk, fetched once: on idle, or when a member points at, focuses or presses a tile. */
export function loadBenefitModal() {
  loading ??= Promise.all([import('./benefit-modal.tsx'), loadPageMessages()]).then(([m]) => m);
  loading.catch(() => {
    loading = null; // a failed fetch is tried again next time
  });
  return loading;
}
