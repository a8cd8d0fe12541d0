import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ToastOutlet } from './components/ui/toast-outlet.tsx';
import { i18n as browserI18n } from './i18n/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The whole member app. The server renders the same tree for a page's first paint (decision 015) with its own
 * query cache and the page's path; the browser then hydrates it with the shared cache and its own location.
 */
export function App({
  client = queryClient,
  ssrPath,
  i18n = browserI18n,
}: {
  client?: QueryClient;
  ssrPath?: string;
  i18n?: I18n;
}) {
  const app = (
    <>
      <AppRoutes />
      <ToastOutlet />
    </>
  );
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {ssrPath === undefined ? app : <Router ssrPath={ssrPath}>{app}</Router>}
      </QueryClientProvider>
    </I18nProvider>
  );
}
