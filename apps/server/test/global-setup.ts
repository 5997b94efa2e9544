import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPglite } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Path of a migrated, seeded PGlite dump; '' when the tests run on PostgreSQL. */
    pgliteDump: string;
  }
}

/**
 * Creating a PGlite database costs seconds, loading a dump a fraction: build one migrated and seeded
 * database for the whole run and let every test file start from a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDump', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'p2p-test-'));
  const { db, pglite } = await connectPglite();
  await migrateToLatest(db);
  await seed(db, { demo: true });
  const dump = await pglite.dumpDataDir('gzip');
  await db.destroy();
  const file = join(dir, 'seeded.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
