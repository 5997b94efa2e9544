import { SORT_PREFIX_LENGTH } from '../db/migrations/0012-text-limits.ts';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * The whitelist from a field src to its SQL expression. Relational srcs map to columns (aliases
 * d = documents, s = suppliers, r = requester user, g = group); any other src the model declares
 * sortable or filterable is a JSONB path whose segments are bound as parameters. Nothing the
 * client sends is ever spliced into SQL.
 */
const RELATIONAL: Record<string, RawBuilder<unknown>> = {
  _id: sql`d.id`,
  key: sql`d.key`,
  '_state.current': sql`d.state`,
  'doc.type': sql`d.type`,
  'doc.subtype': sql`d.subtype`,
  '_state.created.ts': sql`d.created_at`,
  updatedAt: sql`d.updated_at`,
  grossValue: sql`d.gross_value`,
  discountValue: sql`d.discount_value`,
  costValue: sql`d.cost_value`,
  netValue: sql`d.net_value`,
  taxValue: sql`d.tax_value`,
  value: sql`d.value`,
  listValue: sql`d.list_value`,
  'supplier._id': sql`d.supplier_id`,
  'supplier.name': sql`s.name`,
  'requester._id': sql`d.requester_id`,
  'requester.name': sql`r.name`,
  'group._id': sql`d.group_id`,
  'group.name': sql`g.name`,
  plant: sql`d.plant`,
};

const SRC_PATTERN = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/;

/** Srcs whose expression reads a joined table (s, r, g) rather than the documents row. */
const JOINED_SRCS: ReadonlySet<string> = new Set(['supplier.name', 'requester.name', 'group.name']);

/** Whether sorting or filtering by these srcs needs the joins of the list query. */
export const needsJoins = (srcs: ReadonlyArray<string>): boolean => srcs.some((src) => JOINED_SRCS.has(src));

/** The SQL of a field src over `documents d` (reports group and filter by it as the list does). */
export function expressionOf(src: string): RawBuilder<unknown> {
  const column = RELATIONAL[src];
  if (column) return column;
  const segments = src.split('.').map((s) => sql`${s}`);
  return sql`jsonb_extract_path_text(d.data, ${sql.join(segments)})`;
}

export interface SortSpec {
  src: string;
  direction: 'asc' | 'desc';
  expression: RawBuilder<unknown>;
  /** an index (domain_id, model, deleted, this sort, id) serves it: the page's plan is the same for every tenant */
  indexed: boolean;
}

/** the sorts with such an index: documents_list (id) and the sort indexes of migrations 0006 and 0012 */
const INDEXED_SORTS: ReadonlySet<string> = new Set(['_id', 'deliveryDate', 'description']);

/** `s` of the list query: a src, leading '-' for descending; only the model's sortable srcs. */
export function sortSpec(model: ModelConfig, s: string): SortSpec {
  const direction = s.startsWith('-') ? 'desc' : 'asc';
  const src = s.replace(/^[-+]/, '');
  if (!SRC_PATTERN.test(src) || !model.sort.includes(src)) {
    throw new AppError('bad_request', `Sorting by '${src}' is not allowed.`, {
      key: 'document.sort-not-allowed',
      errors: [{ field: 's', message: `Sorting by '${src}' is not allowed.` }],
    });
  }
  // JSON fields sort by the prefix the sort indexes hold (migration 0012), so the index serves it.
  // The path is written into the statement (checked above against SRC_PATTERN and the model's
  // sorts; literals double their quotes), not bound: the indexes name their field, so a bound path
  // made the list's prepared statement plan anew on every call (1.1 ms of its 1.5 ms at a million
  // documents), its generic plan unable to use them.
  const path = sql.join(src.split('.').map((s) => sql.lit(s)));
  const expression =
    RELATIONAL[src] ?? sql`left(jsonb_extract_path_text(d.data, ${path}), ${sql.lit(SORT_PREFIX_LENGTH)})`;
  return { src, direction, expression, indexed: INDEXED_SORTS.has(src) };
}

/**
 * Filters a route names by meaning rather than by a field (the navigation's 'Receptions waiting
 * evaluation' is `/reception?evaluation=due`). A model offers one by listing its name among its
 * filterable srcs (`search`); the SQL is written here, never taken from a configuration.
 */
const NAMED_FILTERS: Readonly<Record<string, Readonly<Record<string, RawBuilder<boolean>>>>> = {
  // 'waiting evaluation' (receiving and evaluations, see README): a posted reception whose order
  // has no completed order evaluation yet (one is created when a receipt of the order is posted);
  // on the evaluation models themselves, an evaluation still open
  evaluation: {
    due: sql<boolean>`(case when d.model = 'reception' then
      d.state in ('erp-done', 'completed') and not exists (
        select 1 from documents e
        where e.domain_id = d.domain_id and e.model = 'order-evaluation' and not e.deleted
          and e.state = 'completed' and e.data ->> 'parent' = d.data #>> '{reference,order}')
      else d.state in ('created', 'updated') end)`,
  },
};
export const NAMED_FILTER_KEYS: readonly string[] = Object.keys(NAMED_FILTERS);

/**
 * Filters every model offers whose value is bound, not chosen from a list (the drill-downs of
 * reports select exactly the documents behind a figure with them): the creation time from an
 * instant (included) to an instant (excluded), or by days (yyyy-MM-dd, UTC, both included); the
 * delivery date by days (both included); documents with lines (`lines=any`), or with a line whose
 * item or type is one of a comma list. An invalid value answers undefined (refused as a filter).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const validTime = (v: string): boolean => !Number.isNaN(Date.parse(v));
const validDay = (v: string): boolean =>
  DAY.test(v) && validTime(`${v}T00:00:00Z`) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** An instant, or the start of a day (`end`: the start of the day after it, so the day is included). */
function instantOf(v: string, end: boolean): string | undefined {
  if (INSTANT.test(v) && validTime(v)) return v;
  if (!validDay(v)) return undefined;
  const t = new Date(`${v}T00:00:00Z`);
  return new Date(t.getTime() + (end ? 86_400_000 : 0)).toISOString();
}
const lineWith = (key: 'item' | 'type', v: string) =>
  sql<boolean>`exists (select 1 from document_lines fl where fl.document_id = d.id
    and fl.data ->> ${key} = any(${v.split(',')}::text[]))`;
const deliveryDay = sql`left(jsonb_extract_path_text(d.data, 'deliveryDate'), 10)`;
const VALUE_FILTERS: Readonly<Record<string, (v: string) => RawBuilder<boolean> | undefined>> = {
  createdFrom: (v) => {
    const t = instantOf(v, false);
    return t ? sql<boolean>`d.created_at >= ${t}::timestamptz` : undefined;
  },
  createdTo: (v) => {
    const t = instantOf(v, true);
    return t ? sql<boolean>`d.created_at < ${t}::timestamptz` : undefined;
  },
  deliveryFrom: (v) => (validDay(v) ? sql<boolean>`${deliveryDay} >= ${v}` : undefined),
  deliveryTo: (v) => (validDay(v) ? sql<boolean>`${deliveryDay} <= ${v}` : undefined),
  lines: (v) =>
    v === 'any'
      ? sql<boolean>`exists (select 1 from document_lines fl where fl.document_id = d.id)`
      : undefined,
  'lines.item': (v) => lineWith('item', v),
  'lines.type': (v) => lineWith('type', v),
  // the integration monitor's errors (issue 13): documents whose last message to the ERP failed
  // (a business refusal) or died (its retries ran out), the sends (`error`) or the reversals of
  // goods receipts (`reverse-error`, interface goods-receipt.reverse of erp/erp.reversal.ts). Read
  // from the few failed messages (partial index, migration 0026), never a probe per document; a
  // failed message is its document's last when it is the max id of the document's messages of its
  // kind: one backward probe of erp_outbox_document per failed message (as `not exists (... n.id >
  // o.id)` the planner hashed the whole outbox instead: 160 ms against 20 ms on 77,000 messages).
  // A reversal's error is also a reception in reverse-fail with no message at all (the supplier
  // refused the return), and stops being one while the buyer's new request waits (reverse-wait).
  erp: (v) => {
    if (v !== 'error' && v !== 'reverse-error') return undefined;
    const reversal = v === 'reverse-error';
    const failed = sql`select o.document_id from erp_outbox o
      where o.status in ('failed', 'dead') and o.direction = 'out'
        and (o.interface = 'goods-receipt.reverse') = ${reversal}
        and o.id = (select max(n.id) from erp_outbox n where n.document_id = o.document_id
          and n.direction = 'out' and (n.interface = 'goods-receipt.reverse') = ${reversal})`;
    return reversal
      ? sql<boolean>`d.id in (${failed} union all
          select r.id from documents r where r.state = 'reverse-fail') and d.state <> 'reverse-wait'`
      : sql<boolean>`d.id in (${failed})`;
  },
};
export const VALUE_FILTER_KEYS: readonly string[] = Object.keys(VALUE_FILTERS);
/**
 * Value filters that select a few documents out of a small table (the monitor's failed messages):
 * a count over them is best its own statement, where `d.id in (...)` becomes a semi-join the
 * planner starts from the few rows; or'ed with other figures it is probed row by row instead.
 */
export const DRIVING_FILTER_KEYS: readonly string[] = ['erp'];

/** `state` in a route or link is the document's workflow state. */
const FILTER_ALIASES: Readonly<Record<string, string>> = { state: '_state.current' };

const filterNotAllowed = (src: string): AppError =>
  new AppError('bad_request', `Filtering by '${src}' is not allowed.`, {
    key: 'document.filter-not-allowed',
    errors: [{ field: src, message: `Filtering by '${src}' is not allowed.` }],
  });

/**
 * Equality filters `?src=value` (comma list = any of) over the model's filterable srcs (`search`),
 * `state` for `_state.current`, the named filters the model offers, and the value filters above.
 */
export function filterExpressions(
  model: ModelConfig,
  filters: Record<string, string>,
): RawBuilder<boolean>[] {
  return Object.entries(filters).map(([name, value]) => {
    if (Object.hasOwn(VALUE_FILTERS, name)) {
      const bound = VALUE_FILTERS[name]!(value);
      if (!bound) throw filterNotAllowed(`${name}=${value}`);
      return bound;
    }
    const named = NAMED_FILTERS[name];
    if (named && Object.hasOwn(NAMED_FILTERS, name)) {
      const expression = Object.hasOwn(named, value) ? named[value] : undefined;
      if (!expression || !model.search.includes(name)) throw filterNotAllowed(`${name}=${value}`);
      return expression;
    }
    const src = FILTER_ALIASES[name] ?? name;
    if (!SRC_PATTERN.test(src) || !model.search.includes(src)) throw filterNotAllowed(name);
    const values = value.split(',').map((v) => sql`${v}`);
    return sql<boolean>`(${expressionOf(src)})::text in (${sql.join(values)})`;
  });
}

/** Full-text search: every word as a prefix over key + data, or a substring of the key. */
export function textSearch(q: string): RawBuilder<boolean> | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  // PostgreSQL's parser reads the digits after a hyphen as a signed number ('RFX-000002' is 'rfx'
  // and '-000002'): a word of digits matches either way
  const tsquery = words.map((w) => (/^\p{N}+$/u.test(w) ? `(${w}:* | -${w}:*)` : `${w}:*`)).join(' & ');
  const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(d.search @@ to_tsquery('simple'::regconfig, ${tsquery}) or d.key ilike ${like})`;
}
