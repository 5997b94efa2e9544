/**
 * node --import tsx apps/server/scripts/openapi.ts [out.json]
 *
 * Writes the OpenAPI description the server publishes at /api/docs (default
 * apps/server/dist/openapi.json) so that `npm run lint:api` can lint it with @redocly/cli. The app
 * is built as in production, on an in-memory PGlite that is migrated but holds no demo data: the
 * description depends on the routes and their schemas only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildApp } from '../src/app.ts';
import { SERVER_ROOT } from '../src/config/env.ts';
import { connectPglite } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const out = resolve(process.argv[2] ?? resolve(SERVER_ROOT, 'dist', 'openapi.json'));
const { db, kind } = await connectPglite();
try {
  await migrateToLatest(db);
  const app = await buildApp({
    db,
    dialect: kind,
    env: { logLevel: 'silent', webDist: '/nonexistent-web-dist' },
  });
  await app.ready();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI description written to ${out}`);
} finally {
  await db.destroy();
}
