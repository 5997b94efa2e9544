import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import type { ErpDocumentInput, ErpGoodsReceiptInput, ErpLine } from './erp.connector.ts';

/** The organisational units the ERP needs that our documents do not carry (ERP_* environment). */
export interface ErpOrgUnits {
  companyCode: string;
  purchasingOrganization: string;
  purchasingGroup: string;
  plant: string;
}

/** The external reference of a document: stable across retries and resends, at most 12 characters. */
export const externalRefOf = (documentId: string) => `P2P${documentId}`;

const str = (v: unknown, fallback = '') => (v === null || v === undefined ? fallback : String(v));

/** The supplier's ERP number: the 10-digit key of its supplier record (imported from the ERP). */
async function supplierNumber(db: Db, row: DocumentRow): Promise<string | null> {
  if (!row.supplier_id) return null;
  const rec = await sql<{ key: string | null }>`select key from documents
    where domain_id = (select domain_id from documents where id = ${row.id}) and model = 'supplier'
      and supplier_id = ${row.supplier_id} and not deleted and key ~ '^[0-9]{10}$' limit 1`.execute(db);
  return rec.rows[0]?.key ?? null;
}

export async function documentPayload(
  db: Db,
  row: DocumentRow,
  lines: Array<Record<string, unknown>>,
  org: ErpOrgUnits,
): Promise<ErpDocumentInput> {
  const kind = row.model as ErpDocumentInput['kind'];
  const d = row.data;
  return {
    kind,
    externalRef: externalRefOf(row.id),
    subtype: row.subtype,
    supplier: await supplierNumber(db, row),
    currency: str(d.currency, 'EUR'),
    date: new Date().toISOString().slice(0, 10),
    companyCode: org.companyCode,
    purchasingOrganization: org.purchasingOrganization,
    purchasingGroup: org.purchasingGroup,
    description: str(d.description),
    validFrom: (d.validFrom as string | undefined) ?? null,
    validTo: (d.validTo as string | undefined) ?? null,
    targetValue: (d.targetValue as string | undefined) ?? null,
    lines: lines.map((l): ErpLine => ({
      pos: Number(l.pos),
      item: (l.item as string | undefined) ?? null,
      description: str(l.description),
      quantity: str(l.quantity, '0'),
      unit: str(l.unit, 'UN'),
      price: str(l.price, '0'),
      plant: row.plant ? org.plant : org.plant,
      materialGroup: (l.materialGroup as string | undefined) ?? null,
      deliveryDate: (d.deliveryDate as string | undefined) ?? null,
      conditions: Array.isArray(l.priceInfo)
        ? (l.priceInfo as Array<{ condition?: string; value?: unknown }>)
            .filter((c) => c.condition)
            .map((c) => ({ condition: c.condition!, value: str(c.value, '0') }))
        : [],
    })),
  };
}

export function goodsReceiptPayload(
  row: DocumentRow,
  lines: Array<Record<string, unknown>>,
  org: ErpOrgUnits,
): ErpGoodsReceiptInput {
  const ref = row.data.reference as { order?: string } | undefined;
  return {
    externalRef: externalRefOf(row.id),
    postingDate: str(row.data.receivedAt, new Date().toISOString().slice(0, 10)).slice(0, 10),
    orderKey: str(ref?.order),
    deliveryNote: (row.data.deliveryNote as string | undefined) ?? null,
    lines: lines.map((l) => ({
      pos: Number(l.pos),
      orderItem: Number(l.orderPos ?? l.pos),
      quantity: str(l.quantity, '0'),
      unit: str(l.unit, 'UN'),
      plant: org.plant,
    })),
  };
}
