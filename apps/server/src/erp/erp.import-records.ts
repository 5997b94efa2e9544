import { createHash } from 'node:crypto';
import { audit, type AuditActor, type writtenDocument } from '../audit/audit.service.ts';
import { json, type Db } from '../db/database.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { withItems } from '../reference/reference.repository.ts';
import type { ErpMaterial } from './erp.connector.ts';

/**
 * What every import writes alike (erp.import.ts): the fingerprint and mark of an imported record,
 * the audit event of a change the import made (by the tenant's system user, detail: the import
 * interface) and the first timeline step of an imported document; and the materials, which land
 * in the item catalogue rather than in documents.
 */

/** Seed 001 section 4.1: the status icon 'import' reads 'Imported from ERP'. */
export const IMPORTED_STATUS = 'import';

export const fingerprint = (record: unknown) =>
  createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 20);
export const importedMark = (hash: string, key: string) => ({
  _imported: true,
  status: IMPORTED_STATUS,
  _erp: { status: 'imported', at: new Date().toISOString(), hash, answer: { key } },
});
/** The audit events' detail: which import (the monitor's interface) wrote the change. */
export const importDetail = (model: string) => ({ import: `${model}.import` });
export type Actor = AuditActor & { user: { _id: string; username: string } };

/** A document the import created: the first step of its timeline, and its audit event. */
export async function created(
  trx: Db,
  actor: Actor,
  model: string,
  id: string,
  after: ReturnType<typeof writtenDocument>,
) {
  await documentMessageRepository(trx).insert({
    domainId: actor.domainId,
    documentId: id,
    state: after.state,
    userId: actor.user._id,
  });
  await audit.document(trx, actor, model, id, 'create', { after, detail: importDetail(model) });
}

export const storedHash = (data: Record<string, unknown> | undefined) =>
  (data?._erp as { hash?: string } | undefined)?.hash;

/** A material of the ERP: an item of the catalogue, upserted on its code. */
export async function importMaterial(
  trx: Db,
  actor: Actor,
  m: ErpMaterial,
): Promise<'created' | 'updated' | 'unchanged'> {
  const { domainId } = actor;
  const hash = fingerprint(m);
  const items = withItems(trx);
  const row = await items
    .selectFrom('items')
    .select(['id', 'data', 'name', 'uom', 'material_group', 'unspsc'])
    .where('domain_id', '=', domainId)
    .where('code', '=', m.key)
    .executeTakeFirst();
  const data = row?.data as Record<string, unknown> | undefined;
  if (data && storedHash(data) === hash) return 'unchanged';
  // The ERP is the master of materials: its UNSPSC code replaces one set by hand (PUT
  // /ihub/items/{code}/unspsc) only when it gives one; a material without a code keeps the item's.
  const unspsc = m.unspsc ?? row?.unspsc ?? null;
  const columns = { name: m.name, uom: m.unit, material_group: m.materialGroup, unspsc };
  const after = { ...data, ...importedMark(hash, m.key) };
  if (row) {
    await items
      .updateTable('items')
      .set({ ...columns, data: json(after) } as never)
      .where('id', '=', row.id)
      .execute();
    await audit.record(trx, {
      auth: actor,
      entity: 'item',
      entityId: String(row.id),
      action: 'update',
      before: {
        code: m.key,
        name: row.name,
        uom: row.uom,
        material_group: row.material_group,
        unspsc: row.unspsc,
        data,
      },
      after: { code: m.key, ...columns, data: after },
      detail: importDetail('item'),
    });
    return 'updated';
  }
  const { id } = await items
    .insertInto('items')
    .values({ domain_id: domainId, code: m.key, ...columns, data: json(after) } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit.record(trx, {
    auth: actor,
    entity: 'item',
    entityId: String(id),
    action: 'create',
    after: { code: m.key, ...columns, data: after },
    detail: importDetail('item'),
  });
  return 'created';
}
