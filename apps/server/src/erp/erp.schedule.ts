import { sql } from 'kysely';
import { json, type Db } from '../db/database.ts';
import type { ErpConnector } from './erp.connector.ts';
import { erpImport, IMPORT_KINDS, type ImportCounts, type ImportKind } from './erp.import.ts';

/**
 * The scheduled import (ERP_IMPORT_MINUTES) runs once per period across server instances. Every
 * instance's timer fires, but a tenant's run is claimed first: in one transaction holding a
 * transaction-level advisory lock on (ERP_IMPORT_LOCK, tenant) — `pg_try_advisory_xact_lock`, which
 * PostgreSQL and PGlite both have — the instance reads the tenant's marker in app_settings and, when
 * the last run is older than the period (or a run that never finished is stale), writes its own
 * start. An instance that does not get the lock, or finds a recent run, skips the tenant. The lock
 * is held only for the claim, never across the ERP calls, so no connection is pinned meanwhile.
 */
export const ERP_IMPORT_LOCK = 7_013; // the advisory lock class of the scheduled import
const MARKER = 'erp-import-run';

interface Marker {
  startedAt: string;
  finishedAt: string | null;
  by: string;
}

export interface ScheduleOptions {
  /** the period (ERP_IMPORT_MINUTES in ms) */
  everyMs: number;
  /** who claims (an instance id), shown in the marker */
  instance: string;
  now?: () => Date;
  log?: (msg: string, detail: Record<string, unknown>) => void;
}

/** A claimed run may start this much early: timers of the instances drift a little. */
const EARLY = 0.9;
/** A run that never wrote its end (its instance died) is taken over after this long. */
const staleAfter = (everyMs: number) => Math.max(everyMs * 4, 3_600_000);

/** Claims the tenant's run for this instance; false when another instance has it or ran it lately. */
export async function claimScheduledImport(
  db: Db,
  domainId: string,
  opts: ScheduleOptions,
): Promise<boolean> {
  const now = (opts.now ?? (() => new Date()))();
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${ERP_IMPORT_LOCK}::int, hashtext(${domainId})) as locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return false;
    const row = await trx
      .selectFrom('app_settings')
      .select('value')
      .where('domain_id', '=', domainId)
      .where('key', '=', MARKER)
      .executeTakeFirst();
    const last = row?.value as Marker | undefined;
    if (last) {
      const since = now.getTime() - Date.parse(last.startedAt);
      if (since < (last.finishedAt ? opts.everyMs * EARLY : staleAfter(opts.everyMs))) return false;
    }
    const marker: Marker = { startedAt: now.toISOString(), finishedAt: null, by: opts.instance };
    await trx
      .insertInto('app_settings')
      .values({ domain_id: domainId, key: MARKER, value: json(marker) })
      .onConflict((oc) => oc.columns(['domain_id', 'key']).doUpdateSet({ value: json(marker) }))
      .execute();
    return true;
  });
}

/** Writes the end of this instance's run into the marker (a run that ends early may start again). */
async function finishScheduledImport(db: Db, domainId: string, opts: ScheduleOptions): Promise<void> {
  const now = (opts.now ?? (() => new Date()))();
  await db
    .updateTable('app_settings')
    .set({
      value: sql`jsonb_set(value, '{finishedAt}', to_jsonb(${now.toISOString()}::text))`,
    } as never)
    .where('domain_id', '=', domainId)
    .where('key', '=', MARKER)
    .where(sql<boolean>`value->>'by' = ${opts.instance}`)
    .execute();
}

/**
 * One tick of the schedule: for every tenant this instance claims, every kind in dependency order
 * (suppliers and materials before the contracts and orders that name them). A failing kind is
 * logged and recorded in the monitor (by erpImport); the next period tries again. Answers the
 * counts of the tenants this instance imported.
 */
export async function scheduledImport(
  db: Db,
  connector: ErpConnector,
  opts: ScheduleOptions,
): Promise<Map<string, Partial<Record<ImportKind, ImportCounts>>>> {
  const importer = erpImport(db, connector);
  const done = new Map<string, Partial<Record<ImportKind, ImportCounts>>>();
  const domains = await db.selectFrom('domains').select('id').orderBy('id').execute();
  for (const { id } of domains) {
    if (!(await claimScheduledImport(db, id, opts))) continue;
    const counts: Partial<Record<ImportKind, ImportCounts>> = {};
    try {
      for (const kind of IMPORT_KINDS)
        await importer
          .run(id, kind)
          .then((c) => {
            counts[kind] = c;
            opts.log?.('ERP import', { domain: id, kind, ...c });
          })
          .catch((err: unknown) => opts.log?.('ERP import failed', { err, domain: id, kind }));
    } finally {
      await finishScheduledImport(db, id, opts);
    }
    done.set(id, counts);
  }
  return done;
}
