import { startPortal } from './bootstrap.ts';
import { loadConfig } from './config.ts';

async function main() {
  const config = loadConfig();
  const portal = await startPortal(config);
  const stop = async () => {
    await portal.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await portal.app.listen({ port: config.port, host: config.host });
  const where = portal.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Portal ready on http://localhost:${config.port} (${where})`);
  if (config.publicUrlIsLocal)
    console.warn(
      `PUBLIC_URL is not set: e-mails and the calendar feed link to ${config.publicUrl}, which members' phones cannot ` +
        'open. Set PUBLIC_URL to the address members use (see .env.example).',
    );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
