import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { activateLocale, pageLocale } from './i18n/i18n.ts';
import { seedFromBootData } from './lib/boot-data.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

// A lazy page's stylesheet is the entry's own, already applied: its preload failing offline must not blank the page
// (Vite throws otherwise); a chunk that is really missing still fails its own import.
window.addEventListener('vite:preloadError', (event) => event.preventDefault());
seedFromBootData(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The page's language first (its catalogue is a chunk of its own unless English), so hydration matches the server.
void activateLocale(pageLocale()).finally(() => {
  // The dashboard and the sign-in page come painted from the server (decision 015): hydrate them, render the rest.
  if (root.firstChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
