import { RESERVING_STATES, type LineLike } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';

/**
 * SQL of receiving: an order found by its number, the reception lines on their way to it, and the
 * received quantity written on its lines. Every query names the tenant. These reads serve a move
 * the engine has already allowed (an ERP confirmation, an accepted return): they act for the
 * system, not through the caller's scope, since the caller (the integration, the supplier) may not
 * read the order or every reception of it.
 */
export function receivingRepository(db: Db) {
  const documents = documentRepository(db);
  return {
    /** The order numbered `key` in the tenant (not in the trash), locked for the write that follows. */
    async lockOrderByKey(domainId: string, key: string): Promise<DocumentRow | undefined> {
      const found = await db
        .selectFrom('documents')
        .select(sql<string>`id::text`.as('id'))
        .where('domain_id', '=', domainId)
        .where('model', '=', 'order')
        .where('key', '=', key)
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (!found) return undefined;
      return documents.find(sql<boolean>`d.domain_id = ${domainId} and d.model = 'order'`, found.id, {
        lock: true,
      });
    },

    /**
     * The lines of the order's receptions whose quantities are on their way (dispatched, or being
     * posted), but those of reception `except` (the one being checked).
     */
    async reservedLines(domainId: string, orderKey: string, except?: string): Promise<LineLike[]> {
      const states = RESERVING_STATES.map((s) => sql`${s}`);
      const rows = await db
        .selectFrom('document_lines as l')
        .innerJoin('documents as d', 'd.id', 'l.document_id')
        .select('l.data')
        .where('d.domain_id', '=', domainId)
        .where('d.model', '=', 'reception')
        .where('d.deleted', '=', false)
        .where(sql<boolean>`d.data #>> '{reference,order}' = ${orderKey}`)
        .where(sql<boolean>`d.state in (${sql.join(states)})`)
        .where(except ? sql<boolean>`d.id <> ${except}::bigint` : sql<boolean>`true`)
        .execute();
      return rows.map((r) => r.data as LineLike);
    },

    /** Writes the data of order lines whose received quantity changed (one statement per line). */
    async writeLines(orderId: string, lines: ReadonlyArray<Record<string, unknown>>): Promise<void> {
      for (const line of lines)
        await db
          .updateTable('document_lines')
          .set({ data: json(line) })
          .where(sql<boolean>`document_id = ${orderId}::bigint`)
          .where('pos', '=', Number(line.pos ?? 0))
          .where('subpos', '=', Number(line.subpos ?? 0))
          .execute();
    },

    /** The supplier of a reception made without one (a draft of the generic form): its order's. */
    async setSupplier(receptionId: string, supplier: { _id: string; name: string }): Promise<void> {
      await db
        .updateTable('documents')
        .set({
          supplier_id: supplier._id,
          data: sql`jsonb_set(data, '{supplier}', ${json(supplier)}::jsonb)`,
        })
        .where(sql<boolean>`id = ${receptionId}::bigint`)
        .execute();
    },
  };
}

export type ReceivingRepository = ReturnType<typeof receivingRepository>;
