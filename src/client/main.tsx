import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { seedFromBootData } from './lib/boot-data.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

seedFromBootData(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The dashboard and the sign-in page come painted from the server (decision 015): hydrate them, render the rest.
if (root.firstChild) hydrateRoot(root, app);
else createRoot(root).render(app);
