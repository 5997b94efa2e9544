import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

// A static provider: migrations are imported modules, so they work the same from source and tests.
const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
