import { sql } from 'kysely';
import { json, type Db } from '../db/database.ts';
import { withMessages } from '../documents/document-message.repository.ts';
import type { LineWrite } from '../documents/document-lines.repository.ts';
import type { DocumentWrite } from '../documents/document.repository.ts';

/**
 * Batch writes of the demo history: thousands of documents in a few statements (one save per
 * document would take minutes on the embedded database), with the dates of the past they belong to.
 */

export interface HistoryRow extends DocumentWrite {
  id: string;
  model: string;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}

const BATCH = 400;

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Document ids taken from the identity of documents ahead of the insert (parents and approvals name each other). */
export async function reserveIds(db: Db, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('documents', 'id'))::text as id
    from generate_series(1, ${count})`.execute(db);
  return rows.rows.map((r) => r.id);
}

const COLUMNS = sql.raw(`id, domain_id, model, type, subtype, key, state, supplier_id, requester_id, group_id,
  plant, data, gross_value, discount_value, cost_value, net_value, tax_value, value, list_value, created_by,
  updated_by, created_at, updated_at`);

/** Inserts the rows with their reserved ids (the identity column is generated always: overridden here). */
export async function insertDocuments(db: Db, domainId: string, rows: readonly HistoryRow[]): Promise<void> {
  for (const batch of chunks(rows)) {
    const values = batch.map(
      (w) => sql`(${w.id}::bigint, ${domainId}, ${w.model}, ${w.type}, ${w.subtype}, ${w.key}, ${w.state},
        ${w.supplier_id}, ${w.requester_id}, ${w.group_id}, ${w.plant}, ${json(w.data)}::jsonb,
        ${w.totals.grossValue}::numeric, ${w.totals.discountValue}::numeric, ${w.totals.costValue}::numeric,
        ${w.totals.netValue}::numeric, ${w.totals.taxValue}::numeric, ${w.totals.value}::numeric,
        ${w.totals.listValue}::numeric, ${w.created_by}, ${w.updated_by}, ${w.created_at}::timestamptz,
        ${w.updated_at}::timestamptz)`,
    );
    await sql`insert into documents (${COLUMNS}) overriding system value values ${sql.join(values)}`.execute(
      db,
    );
  }
}

export async function insertLines(
  db: Db,
  domainId: string,
  lines: ReadonlyArray<LineWrite & { document_id: string }>,
): Promise<void> {
  for (const batch of chunks(lines, 800))
    await db
      .insertInto('document_lines')
      .values(
        batch.map((l) => ({
          document_id: l.document_id,
          domain_id: domainId,
          pos: l.pos,
          subpos: l.subpos,
          data: json(l.data),
          quantity: l.quantity,
          price: l.price,
          value: l.value,
        })),
      )
      .execute();
}

/** The first timeline entries: the creation, and the step into the current state. */
export async function insertMessages(
  db: Db,
  domainId: string,
  messages: ReadonlyArray<{
    documentId: string;
    state: string;
    ts: Date;
    userId: string;
    tracking: Record<string, unknown> | null;
  }>,
): Promise<void> {
  for (const batch of chunks(messages, 800))
    await withMessages(db)
      .insertInto('document_messages')
      .values(
        batch.map((m) => ({
          domain_id: domainId,
          document_id: m.documentId,
          state: m.state,
          ts: m.ts,
          user_id: m.userId,
          tracking: m.tracking ? json(m.tracking) : null,
          audience: 'internal',
        })) as never,
      )
      .execute();
}

/** Takes `count` numbers of the model's counter at once: answers the first. */
export async function takeKeyNumbers(
  db: Db,
  domainId: string,
  model: string,
  count: number,
): Promise<number> {
  const row = await db
    .insertInto('document_key_counters')
    .values({ domain_id: domainId, model, last: String(count) })
    .onConflict((oc) =>
      oc.columns(['domain_id', 'model']).doUpdateSet({ last: sql`document_key_counters.last + ${count}` }),
    )
    .returning(sql<string>`last::text`.as('last'))
    .executeTakeFirstOrThrow();
  return Number(row.last) - count + 1;
}
