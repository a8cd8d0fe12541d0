import { createServer } from 'vite';
import { startPortal } from './bootstrap.ts';
import { loadConfig } from './config.ts';

// Development: the API on PORT+1, Vite with hot reload on PORT proxying /api to it.
async function dev() {
  const config = loadConfig();
  const portal = await startPortal(config);
  const apiPort = config.port + 1;
  await portal.app.listen({ port: apiPort, host: '127.0.0.1' });
  const vite = await createServer({
    configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
    server: { port: config.port, host: config.host, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  });
  await vite.listen();
  vite.printUrls();
}

dev().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
