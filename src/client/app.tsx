import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ToastOutlet } from './components/ui/toast-outlet.tsx';
import { queryClient } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The whole member app. The server renders the same tree for a page's first paint (decision 015) with its own
 * query cache and the page's path; the browser then hydrates it with the shared cache and its own location.
 */
export function App({ client = queryClient, ssrPath }: { client?: QueryClient; ssrPath?: string }) {
  const app = (
    <>
      <AppRoutes />
      <ToastOutlet />
    </>
  );
  return (
    <QueryClientProvider client={client}>
      {ssrPath === undefined ? app : <Router ssrPath={ssrPath}>{app}</Router>}
    </QueryClientProvider>
  );
}
