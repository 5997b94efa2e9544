import { ROLE_KEYS, ROLE_NAMES } from '@p2p/domain';
import type { Db } from '../db/database.ts';

/**
 * The roles table is reference data needed even without demo data. It holds the English name of
 * each role; the names in every language are the domain's ROLE_NAMES (packages/domain/src/i18n), and
 * the session user carries its roles named in the user's language (auth/session-user.ts).
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_KEYS.map((key) => ({ key, name: ROLE_NAMES[key].en })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
