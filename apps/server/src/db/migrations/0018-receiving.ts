import { sql, type Kysely } from 'kysely';

/**
 * Receiving and evaluations look documents up by the number of the document they belong to:
 * the receptions of an order (`reference.order`: the open quantities of a dispatch or receipt,
 * 'Receptions waiting evaluation') and the evaluations of an order or contract (`parent`: is one
 * due, is it completed). Partial indexes: only those models carry the paths.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index documents_reception_order on documents
    (domain_id, (data #>> '{reference,order}'), state) where model = 'reception' and not deleted`.execute(db);
  await sql`create index documents_evaluation_parent on documents
    (domain_id, model, (data ->> 'parent')) where model in ('order-evaluation', 'contract-evaluation')
    and not deleted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_evaluation_parent`.execute(db);
  await sql`drop index if exists documents_reception_order`.execute(db);
}
