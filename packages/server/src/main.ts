// Starts the server: config from the environment, database opened and migrated, demo data when
// empty, then listen. SIGTERM/SIGINT report DOWN to load balancers for SHUTDOWN_DRAIN_SECONDS while
// still serving, then stop accepting, finish requests in flight and close the database.
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/demo';
import { buildApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const seeded = config.seed === 'demo' && (await seedDemo(db));
  const app = await buildApp({ config, db });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (seeded) app.log.info('demo data created');
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
    app.draining = true;
    const drainMs = config.shutdownDrainSeconds * 1000;
    const force = setTimeout(() => process.exit(1), drainMs + 15_000);
    force.unref();
    // Closing at once would cut keep-alive connections a balancer is about to send a request on.
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Startup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
