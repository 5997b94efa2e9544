import { RECEIVED_STATES } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';

/**
 * SQL of the evaluations that fall due: the evaluations of an order or contract (by the number in
 * their `parent`) and the documents a run looks at. Every query names the tenant.
 */
export function evaluationRepository(db: Db) {
  return {
    /** The periods of the evaluations (not in the trash) of the document numbered `parent`. */
    async periodsOf(domainId: string, model: string, parent: string): Promise<string[]> {
      const rows = await db
        .selectFrom('documents')
        .select(sql<string | null>`data ->> 'period'`.as('period'))
        .where('domain_id', '=', domainId)
        .where('model', '=', model)
        .where('deleted', '=', false)
        .where(sql<boolean>`data ->> 'parent' = ${parent}`)
        .execute();
      return rows.map((r) => r.period ?? '');
    },

    /** Contracts in force (erp-done) of the tenant: each may have a period due. */
    async contractsInForce(domainId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('documents')
        .select(sql<string>`id::text`.as('id'))
        .where('domain_id', '=', domainId)
        .where('model', '=', 'contract')
        .where('state', '=', 'erp-done')
        .where('deleted', '=', false)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** A contract of the tenant, locked for the evaluations the run may add to it. */
    lockContract(domainId: string, id: string): Promise<DocumentRow | undefined> {
      const contracts = sql<boolean>`d.domain_id = ${domainId} and d.model = 'contract'`;
      return documentRepository(db).find(contracts, id, { lock: true });
    },

    /** Numbers of orders with a received reception and no order evaluation yet. */
    async ordersWithoutEvaluation(domainId: string): Promise<string[]> {
      const states = RECEIVED_STATES.map((s) => sql`${s}`);
      const rows = await sql<{ key: string }>`
        select distinct r.data #>> '{reference,order}' as key from documents r
        where r.domain_id = ${domainId} and r.model = 'reception' and not r.deleted
          and r.state in (${sql.join(states)}) and r.data #>> '{reference,order}' is not null
          and not exists (select 1 from documents e
            where e.domain_id = r.domain_id and e.model = 'order-evaluation' and not e.deleted
              and e.data ->> 'parent' = r.data #>> '{reference,order}')
        order by 1`.execute(db);
      return rows.rows.map((r) => r.key);
    },
  };
}
