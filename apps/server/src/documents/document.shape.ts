import { rowFlag, type DocumentLike } from '@p2p/domain';
import type { DocumentRow, DocumentWrite } from './document.repository.ts';
import type { ModelConfig } from './model-config.ts';

/*
 * The API shape of stored documents: a row of `documents` (relational facts plus the configurable
 * `data`) as the whole document of a read, or as the lighter row of a list.
 */

/** Keys of `data` every list row carries, whatever the list shows (labels of references). */
const LIST_DATA_ALWAYS = ['name', 'description', 'currency', 'enabled'];
// keyed by the list config: the cached configuration shares it between requests
const listKeysByConfig = new WeakMap<object, ReadonlySet<string>>();

/**
 * The keys of `data` a list row needs: the first segment of every list field's src and every name
 * its expressions read (over-inclusive on purpose), plus LIST_DATA_ALWAYS. The rest of a document
 * (addresses, deliveries, notes, ...) stays out of lists.
 */
export function listDataKeys(model: ModelConfig): ReadonlySet<string> {
  let keys = listKeysByConfig.get(model.list);
  if (!keys) {
    const out = new Set(LIST_DATA_ALWAYS);
    for (const f of model.list.fields) {
      out.add(f.src.split('.')[0]!);
      for (const expr of [f.expr, f.viewConditions, f.conditionalValue])
        for (const name of JSON.stringify(expr ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []) out.add(name);
    }
    listKeysByConfig.set(model.list, (keys = out));
  }
  return keys;
}

const isoTime = (t: Date | string): string => (t instanceof Date ? t : new Date(t)).toISOString();

interface Reference {
  _id: string;
  name: string;
}

/** A document as the API answers it: `data`'s keys plus the relational facts. */
export type DocumentShape = Record<string, unknown> &
  DocumentWrite['totals'] & {
    _id: string;
    key: string | null;
    model: string;
    doc: { type: string; subtype: string | null };
    _state: {
      current: string;
      readonly: boolean;
      created: { ts: string; user: { _id: string; name: string } };
      erp?: Record<string, unknown>;
      alertCancel?: { ts: string; user: Reference };
    };
    supplier: Reference | null;
    requester: Reference | null;
    group: (Reference & { key: string | null }) | null;
    plant: string | null;
    updatedAt: string;
    _version: number;
    lines?: Array<Record<string, unknown>>;
  };

/** The API shape of a document: the configurable data plus the relational facts, which win. */
export function toDocument(
  row: DocumentRow,
  model: ModelConfig,
  lines?: Array<Record<string, unknown>>,
  /** list rows: only these keys of `data` (listDataKeys) */
  keep?: ReadonlySet<string>,
  /** the time the row flags are decided at (one per list) */
  now: Date = new Date(),
): DocumentShape {
  if (keep) return toListRow(row, model, keep, now);
  // the relational facts are written onto the copy of `data` one by one, not spread (a spread of
  // `data` and then of twenty keys is ~10x slower in V8)
  const out: Record<string, unknown> = Object.assign({}, row.data);
  const facts = relationalFacts(row, model, isoTime(row.created_at));
  for (const k in facts) out[k] = facts[k as keyof typeof facts];
  if (lines) out.lines = lines;
  return out as DocumentShape;
}

/**
 * A list row: the relational facts as one object literal first, then the kept keys of `data` that
 * they do not name, then the row's flag. A list page shapes 30 of them per call, and this order
 * matters to V8: an object that starts empty and takes twenty-odd keys one by one (the data's by
 * computed name) falls back to a dictionary, whose every read, here and in the serializer, is a hash
 * lookup; the literal keeps its fields in the object itself. The answer is the same set of keys and
 * values, and the serializer writes the declared keys in the schema's order whatever the object's.
 */
function toListRow(
  row: DocumentRow,
  model: ModelConfig,
  keep: ReadonlySet<string>,
  now: Date,
): DocumentShape {
  const created = isoTime(row.created_at);
  const out: Record<string, unknown> = relationalFacts(row, model, created);
  const data = row.data;
  for (const k of Object.keys(data)) if (keep.has(k) && !Object.hasOwn(out, k)) out[k] = data[k];
  // a list row carries its status flag as the seed shapes it: flag.status (rowFlag of the domain)
  const flag = rowFlag(
    {
      _state: { current: row.state, created: { ts: created } },
      deliveryDate: data.deliveryDate,
      flag: data.flag,
    } as DocumentLike,
    now,
  );
  if (flag) out.flag = { status: flag };
  return out as DocumentShape;
}

/** The facts of a stored row that are not in `data` (they win over a key of `data` of that name). */
function relationalFacts(row: DocumentRow, model: ModelConfig, created: string) {
  const state: DocumentShape['_state'] = {
    current: row.state,
    readonly: model.readonly.includes(row.state) || row.state === 'deleted',
    created: { ts: created, user: { _id: row.created_by, name: row.created_by_name ?? '' } },
  };
  // seed 000 section 3: the ERP record (erp/, kept in data._erp) and the cancel alert
  if (row.data._erp) state.erp = row.data._erp as Record<string, unknown>;
  if (row.data._alertCancel) state.alertCancel = row.data._alertCancel as { ts: string; user: Reference };
  return {
    _id: row.id,
    key: row.key,
    model: row.model,
    doc: { type: row.type, subtype: row.subtype },
    _state: state,
    supplier: row.supplier_id ? { _id: row.supplier_id, name: row.supplier_name ?? '' } : null,
    requester: row.requester_id ? { _id: row.requester_id, name: row.requester_name ?? '' } : null,
    group: row.group_id ? { _id: row.group_id, key: row.group_key, name: row.group_name ?? '' } : null,
    plant: row.plant,
    // rowTotals' keys written out, not spread: one literal of every key is what keeps a list row fast
    grossValue: row.gross_value,
    discountValue: row.discount_value,
    costValue: row.cost_value,
    netValue: row.net_value,
    taxValue: row.tax_value,
    value: row.value,
    listValue: row.list_value,
    updatedAt: isoTime(row.updated_at),
    _version: row.version,
  };
}

/** The header totals of a stored row, in the API (and write) shape. */
export const rowTotals = (row: DocumentRow): DocumentWrite['totals'] => ({
  grossValue: row.gross_value,
  discountValue: row.discount_value,
  costValue: row.cost_value,
  netValue: row.net_value,
  taxValue: row.tax_value,
  value: row.value,
  listValue: row.list_value,
});

/** The relational header of a stored row as a write keeps it (state moves, trash, one-field saves). */
export const rowWrite = (row: DocumentRow) => ({
  type: row.type,
  subtype: row.subtype,
  key: row.key,
  supplier_id: row.supplier_id,
  requester_id: row.requester_id,
  group_id: row.group_id,
  plant: row.plant,
});
