import { buildApp } from './app.ts';
import { readEnv } from './config/env.ts';
import { connectPglite, connectPostgres } from './db/connect.ts';
import { fileSystemFlusher } from './db/durability.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './seed/seed.ts';
import { startErp } from './erp/erp.start.ts';

/** Boots the server: environment, database, migrations, seed, listen, graceful shutdown. */
async function main(): Promise<void> {
  const started = Date.now();
  const env = readEnv();
  const { db, kind } = env.databaseUrl
    ? connectPostgres(env.databaseUrl)
    : await connectPglite({ dataDir: env.dataDir });
  await migrateToLatest(db);
  const seeded = await seed(db, { demo: env.demo, history: env.demoHistory });

  const flush = kind === 'pglite' ? fileSystemFlusher(env.dataDir, { writeOnce: [env.fileDir] }) : undefined;
  const app = await buildApp({ db, dialect: kind, env, ...(flush ? { flush } : {}) });
  const where =
    kind === 'pglite'
      ? `PGlite at ${env.dataDir}; every acknowledged write is flushed to disk (fsync). ` +
        'One process, no replication or point-in-time recovery: use PostgreSQL (DATABASE_URL) in production'
      : 'PostgreSQL';
  app.log.info(seeded ? 'demo data loaded' : 'demo data skipped (database not empty or DEMO=false)');
  // this instance's share of the ERP outbox (ERP_URL, or the demo simulator on loopback)
  const erp = await startErp(app, db, env);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await erp.stop();
      await app.close();
      await db.destroy();
      await flush?.();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: env.port, host: env.host });
  const url = address.replace('0.0.0.0', 'localhost');
  app.log.info(`P2P server listening on ${url} (database: ${where}) in ${Date.now() - started} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
