import { QueryClientProvider } from '@tanstack/react-query';
import { ToastOutlet } from './components/ui/toast-outlet.tsx';
import { queryClient } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <ToastOutlet />
    </QueryClientProvider>
  );
}
