let loading: Promise<typeof import('./benefit-modal.tsx')> | null = null;

/** The tile modal's chunk, fetched once: on idle, or when a member points at, focuses or presses a tile. */
export function loadBenefitModal() {
  loading ??= import('./benefit-modal.tsx').catch((err: unknown) => {
    loading = null; // a failed fetch is tried again next time
    throw err;
  });
  return loading;
}
