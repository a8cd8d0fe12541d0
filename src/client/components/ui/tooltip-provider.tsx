import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#common/constants.ts';

/** The spec's tooltip delays (docs/spec/member-portal.md §9) for the pages that show tooltips: only the admin's, lazily loaded. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
