import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';

/** Every migration, in order. Names sort by their numeric prefix; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
