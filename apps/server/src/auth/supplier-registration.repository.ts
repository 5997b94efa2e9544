import type { Db, RegistrationStatus } from '../db/database.ts';
import { json } from '../db/database.ts';

/** SQL for supplier self-registrations and the supplier rows they create. */
export function supplierRegistrationRepository(db: Db) {
  return {
    insertSupplier: async (s: { domainId: string; name: string; vat: string; data: object }) =>
      (
        await db
          .insertInto('suppliers')
          .values({ domain_id: s.domainId, name: s.name, vat: s.vat, status: 'pending', data: json(s.data) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    insert: async (r: { domainId: string; payload: object; supplierId: string; userId: string }) =>
      (
        await db
          .insertInto('supplier_registrations')
          .values({
            domain_id: r.domainId,
            status: 'pending',
            payload: json(r.payload),
            supplier_id: r.supplierId,
            user_id: r.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    listPending: (domainId: string) =>
      db
        .selectFrom('supplier_registrations')
        .select(['id', 'status', 'payload', 'created_at'])
        .where('domain_id', '=', domainId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .execute(),

    findPending: (domainId: string, id: string) =>
      db
        .selectFrom('supplier_registrations')
        .select(['id', 'supplier_id', 'user_id', 'payload'])
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    decide: async (id: string, supplierId: string, status: RegistrationStatus, decidedBy: string) => {
      await db
        .updateTable('supplier_registrations')
        .set({ status, decided_by: decidedBy, decided_at: new Date() })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('suppliers')
        .set({ status: status === 'approved' ? 'active' : 'rejected' })
        .where('id', '=', supplierId)
        .execute();
    },
  };
}
