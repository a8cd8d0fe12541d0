import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { seedFromBootData } from './lib/boot-data.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

seedFromBootData(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
