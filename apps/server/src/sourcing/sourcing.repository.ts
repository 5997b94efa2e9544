import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { documentRepository, isDocumentId, type DocumentRow } from '../documents/document.repository.ts';

/**
 * SQL of the sourcing flow: the documents a move links to (the RFx of a requisition, the proposals
 * of an RFx, the requisition an award closes) and the users of invited suppliers.
 *
 * A linked document is read in the tenant of the move, by the id the moving document stores (set by
 * this feature, or chosen by the caller and then checked against the moving document), not in the
 * caller's own scope: the engine already decided the caller may make the move, and its
 * consequences (an rfx manager's award closing a requester's requisition) belong to the move.
 * Nothing read here is answered to the caller.
 */
export const RFX_MODEL = 'purchase-rfx';
export const PROPOSAL_MODEL = 'rfx-proposal';
export const REQUISITION_MODEL = 'requisition';

export function sourcingRepository(trx: Db) {
  const documents = documentRepository(trx);
  const inTenant = (domainId: string, model: string) =>
    sql<boolean>`(d.domain_id = ${domainId} and d.model = ${model} and not d.deleted)`;

  return {
    /** A live document of the tenant and model, locked for the move's transaction. */
    async linked(domainId: string, model: string, id: string | undefined): Promise<DocumentRow | undefined> {
      if (!id || !isDocumentId(id)) return undefined;
      return documents.find(inTenant(domainId, model), id, { lock: true });
    },

    /** The ids of the live proposals made for an RFx, oldest first. */
    async proposalIds(
      domainId: string,
      rfxId: string,
    ): Promise<Array<{ id: string; supplierId: string | null; state: string }>> {
      const rows = await trx
        .selectFrom('documents as d')
        .select([sql<string>`d.id::text`.as('id'), 'd.supplier_id', 'd.state'])
        .where(inTenant(domainId, PROPOSAL_MODEL))
        .where(sql<boolean>`d.data #>> '{reference,rfx,_id}' = ${rfxId}`)
        .orderBy('d.id')
        .execute();
      return rows.map((r) => ({ id: r.id, supplierId: r.supplier_id, state: r.state }));
    },

    /** The suppliers of the tenant among `ids`, with their names. */
    async suppliers(
      domainId: string,
      ids: ReadonlyArray<string>,
    ): Promise<Array<{ id: string; name: string }>> {
      if (!ids.length) return [];
      return trx
        .selectFrom('suppliers')
        .select(['id', 'name'])
        .where('domain_id', '=', domainId)
        .where('id', 'in', [...ids])
        .execute();
    },

    /** The active users of the suppliers: the people a supplier's notification goes to. */
    async supplierUsers(domainId: string, supplierIds: ReadonlyArray<string>) {
      if (!supplierIds.length) return [];
      return trx
        .selectFrom('users')
        .select(['id', 'supplier_id'])
        .where('domain_id', '=', domainId)
        .where('status', '=', 'active')
        .where('supplier_id', 'in', [...supplierIds])
        .execute();
    },
  };
}
