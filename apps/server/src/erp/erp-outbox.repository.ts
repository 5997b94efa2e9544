import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';

/** The outbox table's shape for Kysely (the table is this feature's own: migration 0024). */
export interface ErpOutboxTable {
  id: import('kysely').Generated<string>;
  domain_id: string;
  document_id: string | null;
  model: string;
  interface: string;
  direction: import('kysely').ColumnType<'out' | 'in', 'out' | 'in' | undefined, 'out' | 'in'>;
  status: import('kysely').ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  external_ref: string;
  attempts: import('kysely').ColumnType<number, number | undefined, number>;
  max_attempts: import('kysely').ColumnType<number, number | undefined, number>;
  next_at: import('kysely').ColumnType<Date, Date | string | undefined, Date | string>;
  locked_by: string | null;
  locked_until: Date | null;
  payload: import('kysely').ColumnType<unknown, string, string>;
  answer: import('kysely').ColumnType<unknown, string | null | undefined, string | null>;
  error: import('kysely').ColumnType<unknown, string | null | undefined, string | null>;
  erp_key: string | null;
  created_at: import('kysely').ColumnType<Date, never, never>;
  updated_at: import('kysely').ColumnType<Date, Date | string | undefined, Date | string>;
}

export const OUTBOX_STATUSES = ['queued', 'running', 'done', 'failed', 'dead', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type OutboxRow = import('kysely').Selectable<ErpOutboxTable>;
type OutboxDb = Kysely<{ erp_outbox: ErpOutboxTable }>;

const outbox = (db: Db) => db.withTables<{ erp_outbox: ErpOutboxTable }>() as unknown as OutboxDb;

export function erpOutboxRepository(db: Db) {
  const q = outbox(db);
  return {
    async enqueue(row: {
      domainId: string;
      documentId: string | null;
      model: string;
      iface: string;
      externalRef: string;
      payload: unknown;
      maxAttempts?: number;
    }): Promise<string> {
      // a message already waiting for this document and interface is replaced by the new content
      await q
        .updateTable('erp_outbox')
        .set({
          status: 'cancelled',
          updated_at: new Date(),
          error: JSON.stringify({ message: 'Superseded by a newer send.' }),
        })
        .where('document_id', '=', row.documentId)
        .where('interface', '=', row.iface)
        .where('status', '=', 'queued')
        .execute();
      const { id } = await q
        .insertInto('erp_outbox')
        .values({
          domain_id: row.domainId,
          document_id: row.documentId,
          model: row.model,
          interface: row.iface,
          external_ref: row.externalRef,
          payload: JSON.stringify(row.payload),
          ...(row.maxAttempts ? { max_attempts: row.maxAttempts } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** A message that came in from the ERP (an import run): written done or failed, never claimed. */
    recordInbound: (row: {
      domainId: string;
      model: string;
      iface: string;
      payload: unknown;
      status: 'done' | 'failed';
      answer: unknown;
      error?: unknown;
    }) =>
      q
        .insertInto('erp_outbox')
        .values({
          domain_id: row.domainId,
          document_id: null,
          model: row.model,
          interface: row.iface,
          direction: 'in',
          status: row.status,
          external_ref: `IMPORT-${row.model}`,
          attempts: 1,
          payload: JSON.stringify(row.payload),
          answer: JSON.stringify(row.answer),
          error: row.error === undefined ? null : JSON.stringify(row.error),
        })
        .execute(),

    /**
     * Claims up to `limit` due messages for this worker: queued ones whose time has come, and
     * running ones whose lease ran out (their worker died). SKIP LOCKED lets instances share.
     */
    async claim(worker: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
      return db.transaction().execute(async (trx) => {
        const t = outbox(trx);
        const due = await t
          .selectFrom('erp_outbox')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('next_at', '<=', sql<Date>`now()`)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', sql<Date>`now()`)]),
            ]),
          )
          .orderBy('next_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (!due.length) return [];
        return t
          .updateTable('erp_outbox')
          .set({
            status: 'running',
            attempts: sql`attempts + 1`,
            locked_by: worker,
            locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
            updated_at: sql`now()`,
          })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .returningAll()
          .execute();
      });
    },

    /**
     * Renews a message's lease while its worker is still sending it: a lease runs out only when its
     * worker died, never because the ERP was slow (another sender would send it a second time).
     */
    async renew(id: string, worker: string, leaseMs: number): Promise<boolean> {
      const res = await q
        .updateTable('erp_outbox')
        .set({ locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Writes a worker's result; only while it still holds the message (a lost lease writes nothing). */
    async settle(
      id: string,
      worker: string,
      patch: {
        status: OutboxStatus;
        answer?: unknown;
        error?: unknown;
        erpKey?: string | null;
        nextAt?: Date;
      },
    ): Promise<boolean> {
      const res = await q
        .updateTable('erp_outbox')
        .set({
          status: patch.status,
          locked_by: null,
          locked_until: null,
          updated_at: new Date(),
          ...(patch.answer !== undefined ? { answer: JSON.stringify(patch.answer) } : {}),
          ...(patch.error !== undefined
            ? { error: patch.error === null ? null : JSON.stringify(patch.error) }
            : {}),
          ...(patch.erpKey !== undefined ? { erp_key: patch.erpKey } : {}),
          ...(patch.nextAt ? { next_at: patch.nextAt } : {}),
        })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** the ERP's answer or error, written before the document moves (its effect reads them) */
    note: (id: string, patch: { answer?: unknown; error?: unknown; erpKey?: string }) =>
      q
        .updateTable('erp_outbox')
        .set({
          answer: patch.answer === undefined ? null : JSON.stringify(patch.answer),
          error: patch.error === undefined ? null : JSON.stringify(patch.error),
          ...(patch.erpKey ? { erp_key: patch.erpKey } : {}),
        })
        .where('id', '=', id)
        .execute(),

    latestFor: (documentId: string) =>
      q
        .selectFrom('erp_outbox')
        .selectAll()
        .where('document_id', '=', documentId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    find: (domainId: string, id: string) =>
      q
        .selectFrom('erp_outbox')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst(),

    list(
      domainId: string,
      opts: { model?: string; status?: string; page: number; size: number; latestOnly?: boolean },
    ) {
      let s = q.selectFrom('erp_outbox').where('domain_id', '=', domainId);
      // tracking: the latest message of each document
      if (opts.latestOnly)
        s = s.where(
          'id',
          'in',
          q
            .selectFrom('erp_outbox')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('domain_id', '=', domainId)
            .groupBy('document_id'),
        );
      if (opts.model && opts.model !== 'all') s = s.where('model', '=', opts.model);
      if (opts.status) s = s.where('status', '=', opts.status as OutboxStatus);
      return Promise.all([
        s
          .selectAll()
          .orderBy('id', 'desc')
          .limit(opts.size)
          .offset((opts.page - 1) * opts.size)
          .execute(),
        s.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
    },

    /** operator actions: put a message back in the queue now, or cancel it */
    requeue: (domainId: string, id: string, payload?: unknown) =>
      q
        .updateTable('erp_outbox')
        .set({
          status: 'queued',
          next_at: new Date(),
          max_attempts: sql`attempts + 8`,
          updated_at: new Date(),
          ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
        })
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .where('status', 'in', ['dead', 'cancelled', 'queued'])
        .executeTakeFirst(),

    cancel: (domainId: string, id: string) =>
      q
        .updateTable('erp_outbox')
        .set({ status: 'cancelled', updated_at: new Date() })
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'dead', 'failed'])
        .executeTakeFirst(),

    cancelLive: (documentId: string) =>
      q
        .updateTable('erp_outbox')
        .set({ status: 'cancelled', updated_at: new Date() })
        .where('document_id', '=', documentId)
        .where('status', '=', 'queued')
        .execute(),
  };
}
