import { sql } from 'kysely';
import { audit, storedDocument, writtenDocument } from '../audit/audit.service.ts';
import { json, type Db } from '../db/database.ts';
import { priceLines, lineWrites } from '../documents/document.pricing.ts';
import { documentRepository } from '../documents/document.repository.ts';
import { rowWrite } from '../documents/document.shape.ts';
import { withItems } from '../reference/reference.repository.ts';
import type { ErpConnector, ErpImportedDocument, ErpMaterial, ErpSupplier } from './erp.connector.ts';
import { erpOutboxRepository } from './erp-outbox.repository.ts';
import {
  created,
  fingerprint,
  importDetail,
  importedMark,
  importMaterial,
  storedHash,
  type Actor,
} from './erp.import-records.ts';

export { IMPORTED_STATUS } from './erp.import-records.ts';

/**
 * Import from the ERP (seed 000 sections 1 and 3): suppliers (a company and its supplier record,
 * keyed by the ERP's supplier number), materials (the item catalogue, with material group and
 * UNSPSC code), contracts (subtype C004) and orders (P999) made in the ERP itself. Idempotent: every
 * record is upserted on tenant + ERP number and carries a fingerprint of what the ERP answered, so
 * an unchanged re-import writes nothing. Imported documents are marked `_imported`, status icon
 * 'import' (Imported from ERP), state erp-done with the ERP number as their key; keyed C004
 * contracts are locked by the field rules (supplier, currency, project). Each run is one monitor
 * message with direction 'in'. Every record created or changed leaves an audit event by the
 * tenant's system user (detail: the import interface), and an imported document's timeline starts
 * with its creation, as a document saved in the app does.
 */
export const IMPORT_KINDS = ['suppliers', 'materials', 'contracts', 'orders'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}
type Outcome = keyof ImportCounts;

/** The model a kind lands in, as the monitor names it. */
const MODEL_OF: Record<ImportKind, string> = {
  suppliers: 'supplier',
  materials: 'item',
  contracts: 'contract',
  orders: 'order',
};
/** Seed 000 section 3: contracts and orders that come from the ERP. */
export const IMPORTED_SUBTYPE = { contract: 'C004', order: 'P999' } as const;
const IMPORTED_STATE = 'erp-done';

export function erpImport(db: Db, connector: ErpConnector) {
  /** The tenant's system user writes what the ERP brings (as the outbox worker acts). */
  async function systemUser(domainId: string): Promise<Actor> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('domain_id', '=', domainId)
      .where('username', 'in', ['system', 'admin'])
      .orderBy(sql`username = 'system'`, 'desc')
      .executeTakeFirst();
    if (!row) throw new Error(`tenant ${domainId} has no system user for the ERP import`);
    return { domainId, user: { _id: row.id, username: row.username } };
  }

  const findDoc = (trx: Db, domainId: string, model: string, key: string) =>
    trx
      .selectFrom('documents')
      .select(['id', 'data', 'supplier_id'])
      .where('domain_id', '=', domainId)
      .where('model', '=', model)
      .where('key', '=', key)
      .executeTakeFirst() as Promise<
      { id: string; data: Record<string, unknown>; supplier_id: string | null } | undefined
    >;

  async function supplier(trx: Db, actor: Actor, s: ErpSupplier): Promise<Outcome> {
    const { domainId } = actor;
    const userId = actor.user._id;
    const hash = fingerprint(s);
    const doc = await findDoc(trx, domainId, 'supplier', s.key);
    if (doc && storedHash(doc.data) === hash) return 'unchanged';
    // the company: the record's own, else the one with this VAT number (registered here first)
    let companyId =
      doc?.supplier_id ??
      (s.vat
        ? (
            await trx
              .selectFrom('suppliers')
              .select('id')
              .where('domain_id', '=', domainId)
              .where('vat', '=', s.vat)
              .executeTakeFirst()
          )?.id
        : undefined);
    if (companyId)
      await trx
        .updateTable('suppliers')
        .set({ name: s.name, ...(s.vat ? { vat: s.vat } : {}) })
        .where('id', '=', companyId)
        .execute();
    else
      companyId = (
        await trx
          .insertInto('suppliers')
          .values({
            domain_id: domainId,
            name: s.name,
            vat: s.vat ?? '',
            data: json({ address: { country: s.country } }),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const prior = doc?.data ?? { enabled: true };
    const data = {
      ...prior,
      name: s.name,
      vat: s.vat,
      address: { ...((prior.address as object | undefined) ?? {}), country: s.country },
      supplier: { _id: companyId, name: s.name },
      ...importedMark(hash, s.key),
    };
    if (doc) {
      await bump(trx, doc.id, userId, { data: json(data), supplier_id: companyId });
      await audit.document(trx, actor, 'supplier', doc.id, 'update', {
        before: { supplier: doc.supplier_id, data: doc.data },
        after: { supplier: companyId, data },
        detail: importDetail('supplier'),
      });
      return 'updated';
    }
    const write = {
      type: 'supplier',
      subtype: null,
      key: s.key,
      state: 'approved',
      supplier_id: companyId,
      requester_id: null,
      group_id: null,
      plant: null,
      data,
      totals: priceLines([], 'approved').totals,
    };
    const id = await documentRepository(trx).insert(domainId, 'supplier', userId, write);
    await created(trx, actor, 'supplier', id, writtenDocument(write));
    return 'created';
  }

  /** a change written outside the document save: version and time move, so open forms reload */
  const bump = (trx: Db, id: string, userId: string, set: Record<string, unknown>) =>
    trx
      .updateTable('documents')
      .set({ ...set, version: sql`version + 1`, updated_at: new Date(), updated_by: userId } as never)
      .where(sql<boolean>`id = ${id}::bigint`)
      .execute();

  async function document(trx: Db, actor: Actor, d: ErpImportedDocument): Promise<Outcome> {
    const { domainId } = actor;
    const userId = actor.user._id;
    const hash = fingerprint(d);
    const existing = await findDoc(trx, domainId, d.kind, d.key);
    // a document of ours that carries this number was sent by us: the ERP's copy is not an import
    if (existing && (!existing.data._imported || storedHash(existing.data) === hash)) return 'unchanged';
    const company = d.supplier
      ? await trx
          .selectFrom('documents as d')
          .innerJoin('suppliers as s', 's.id', 'd.supplier_id')
          .select(['s.id', 's.name'])
          .where('d.domain_id', '=', domainId)
          .where('d.model', '=', 'supplier')
          .where('d.key', '=', d.supplier)
          .executeTakeFirst()
      : undefined;
    const codes = d.lines.map((l) => l.item).filter((c): c is string => !!c);
    const unspsc = new Map(
      codes.length
        ? (
            await withItems(trx)
              .selectFrom('items')
              .select(['code', 'unspsc'])
              .where('domain_id', '=', domainId)
              .where('code', 'in', codes)
              .execute()
          ).map((r) => [r.code, r.unspsc])
        : [],
    );
    const priced = priceLines(
      d.lines.map((l) => ({
        pos: l.pos,
        item: l.item,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        price: l.price,
        ...(l.plant ? { plant: l.plant } : {}),
        ...(l.materialGroup ? { materialGroup: l.materialGroup } : {}),
        ...(l.item && unspsc.get(l.item) ? { unspsc: unspsc.get(l.item) } : {}),
      })),
      IMPORTED_STATE,
    );
    const header = {
      description: d.description || d.lines[0]?.description || d.key,
      currency: d.currency,
      ...(d.date ? { documentDate: d.date } : {}),
      ...(d.kind === 'contract'
        ? { validFrom: d.validFrom ?? null, validTo: d.validTo ?? null, targetValue: d.targetValue ?? null }
        : {}),
      supplier: company ? { _id: company.id, name: company.name } : null,
      ...importedMark(hash, d.key),
    };
    const repo = documentRepository(trx);
    if (existing) {
      const row = (await repo.find(sql<boolean>`d.domain_id = ${domainId}`, existing.id, { lock: true }))!;
      const before = storedDocument(row, await repo.lines(existing.id));
      const write = {
        ...rowWrite(row),
        supplier_id: company?.id ?? null,
        state: row.state,
        deleted: row.deleted,
        data: { ...row.data, ...header },
        totals: priced.totals,
      };
      const written = await repo.update(existing.id, row.version, userId, write);
      if (!written) throw new Error(`document ${existing.id} changed during the import`);
      await repo.replaceLines(existing.id, domainId, lineWrites(priced.lines));
      await audit.document(trx, actor, d.kind, existing.id, 'update', {
        before,
        after: writtenDocument(write, priced.lines),
        detail: importDetail(d.kind),
      });
      return 'updated';
    }
    const write = {
      type: d.kind,
      subtype: IMPORTED_SUBTYPE[d.kind],
      key: d.key,
      state: IMPORTED_STATE,
      supplier_id: company?.id ?? null,
      requester_id: null,
      group_id: null,
      plant: null,
      data: header,
      totals: priced.totals,
    };
    const id = await repo.insert(domainId, d.kind, userId, write);
    await repo.replaceLines(id, domainId, lineWrites(priced.lines));
    await created(trx, actor, d.kind, id, writtenDocument(write, priced.lines));
    return 'created';
  }

  async function records(kind: ImportKind, pageSize?: number) {
    if (kind === 'suppliers') return connector.listSuppliers(pageSize);
    if (kind === 'materials') return connector.listMaterials(pageSize);
    return connector.listDocuments(kind === 'contracts' ? 'contract' : 'order', pageSize);
  }

  return {
    /**
     * One import of a kind for a tenant: every record in its own transaction (a failing record
     * does not undo the others), counted created / updated / unchanged, recorded in the monitor.
     */
    async run(domainId: string, kind: ImportKind, opts: { pageSize?: number } = {}): Promise<ImportCounts> {
      const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
      const outbox = erpOutboxRepository(db);
      const monitor = {
        domainId,
        model: MODEL_OF[kind],
        iface: `${MODEL_OF[kind]}.import`,
        payload: { kind },
      };
      try {
        const actor = await systemUser(domainId);
        for (const r of await records(kind, opts.pageSize)) {
          const outcome = await db
            .transaction()
            .execute((trx) =>
              kind === 'suppliers'
                ? supplier(trx, actor, r as ErpSupplier)
                : kind === 'materials'
                  ? importMaterial(trx, actor, r as ErpMaterial)
                  : document(trx, actor, r as ErpImportedDocument),
            );
          counts[outcome] += 1;
        }
      } catch (err) {
        await outbox.recordInbound({
          ...monitor,
          status: 'failed',
          answer: counts,
          error: { message: (err as Error).message },
        });
        throw err;
      }
      await outbox.recordInbound({ ...monitor, status: 'done', answer: counts });
      return counts;
    },
  };
}

export type ErpImport = ReturnType<typeof erpImport>;
