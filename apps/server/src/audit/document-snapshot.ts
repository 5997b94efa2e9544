/**
 * A document as the audit trail compares it: the relational header, the configurable data, the
 * totals and (when given) the lines, in one shape for the stored row and for the write that
 * replaces it, so auditDiff finds exactly the fields a save changed. Structural types: the audit
 * feature does not import the documents feature (the documents feature imports it).
 */

type Totals = Record<string, string | number>;

export interface AuditedRow {
  key: string | null;
  subtype: string | null;
  state: string;
  deleted: boolean;
  supplier_id: string | null;
  requester_id: string | null;
  group_id: string | null;
  plant: string | null;
  data: Record<string, unknown>;
  gross_value: string;
  discount_value: string;
  cost_value: string;
  net_value: string;
  tax_value: string;
  value: string;
  list_value: string;
}

export interface AuditedWrite {
  key: string | null;
  subtype: string | null;
  state: string;
  deleted?: boolean;
  supplier_id: string | null;
  requester_id: string | null;
  group_id: string | null;
  plant: string | null;
  data: Record<string, unknown>;
  totals: Totals;
}

export interface DocumentSnapshot {
  key: string | null;
  subtype: string | null;
  state: string;
  deleted: boolean;
  supplier: string | null;
  requester: string | null;
  group: string | null;
  plant: string | null;
  data: Record<string, unknown>;
  totals: Totals;
  lines?: ReadonlyArray<unknown>;
}

/**
 * Amounts compare as the decimals they are: '8.5', '8.50' and 8.5 are one value, written with at
 * least the two decimals of money ('8.50'); the text is never passed through a float.
 */
const decimalText = (v: string | number): string => {
  const text = String(v).trim();
  const m = /^(-?\d+)(?:\.(\d*?))?0*$/.exec(text);
  if (!m) return text;
  return `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`;
};
const amounts = (totals: Totals): Totals =>
  Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, decimalText(v)]));

/** A stored document (a row of documents, and its lines when the change touches them). */
export const storedDocument = (row: AuditedRow, lines?: ReadonlyArray<unknown>): DocumentSnapshot => ({
  key: row.key,
  subtype: row.subtype,
  state: row.state,
  deleted: row.deleted,
  supplier: row.supplier_id,
  requester: row.requester_id,
  group: row.group_id,
  plant: row.plant,
  data: row.data,
  totals: amounts({
    grossValue: row.gross_value,
    discountValue: row.discount_value,
    costValue: row.cost_value,
    netValue: row.net_value,
    taxValue: row.tax_value,
    value: row.value,
    listValue: row.list_value,
  }),
  ...(lines ? { lines } : {}),
});

/** The document a write leaves (its header, data, totals and the lines it writes). */
export const writtenDocument = (w: AuditedWrite, lines?: ReadonlyArray<unknown>): DocumentSnapshot => ({
  key: w.key,
  subtype: w.subtype,
  state: w.state,
  deleted: w.deleted ?? false,
  supplier: w.supplier_id,
  requester: w.requester_id,
  group: w.group_id,
  plant: w.plant,
  data: w.data,
  totals: amounts(w.totals),
  ...(lines ? { lines } : {}),
});
