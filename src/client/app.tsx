import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../common/constants.ts';
import { Toaster } from './components/ui/toaster.tsx';
import { queryClient } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <AppRoutes />
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
