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

function expressionOf(src: string): RawBuilder<unknown> {
  const column = RELATIONAL[src];
  if (column) return column;
  const segments = src.split('.').map((s) => sql`${s}`);
  return sql`jsonb_extract_path_text(d.data, ${sql.join(segments)})`;
}

export interface SortSpec {
  src: string;
  direction: 'asc' | 'desc';
  expression: RawBuilder<unknown>;
}

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
  // JSON fields sort by the prefix the sort indexes hold (migration 0012), so the index serves it
  const expression = RELATIONAL[src] ?? sql`left(${expressionOf(src)}, ${sql.lit(SORT_PREFIX_LENGTH)})`;
  return { src, direction, expression };
}

/**
 * Filters a route names by meaning rather than by a field (the navigation's 'Receptions waiting
 * evaluation' is `/reception?evaluation=due`). A model offers one by listing its name among its
 * filterable srcs (`search`); the SQL is written here, never taken from a configuration.
 */
const NAMED_FILTERS: Readonly<Record<string, Readonly<Record<string, RawBuilder<boolean>>>>> = {
  // received (posted) and not evaluated yet: no order evaluation names the reception's order
  evaluation: {
    due: sql<boolean>`(d.state in ('erp-done', 'completed') and not exists (
      select 1 from documents e
      where e.domain_id = d.domain_id and e.model = 'order-evaluation' and not e.deleted
        and e.data ->> 'parent' = d.data #>> '{reference,order}'))`,
  },
};
export const NAMED_FILTER_KEYS: readonly string[] = Object.keys(NAMED_FILTERS);

/** `state` in a route or link is the document's workflow state. */
const FILTER_ALIASES: Readonly<Record<string, string>> = { state: '_state.current' };

const filterNotAllowed = (src: string): AppError =>
  new AppError('bad_request', `Filtering by '${src}' is not allowed.`, {
    key: 'document.filter-not-allowed',
    errors: [{ field: src, message: `Filtering by '${src}' is not allowed.` }],
  });

/**
 * Equality filters `?src=value` (comma list = any of) over the model's filterable srcs (`search`),
 * `state` for `_state.current`, and the named filters the model offers.
 */
export function filterExpressions(
  model: ModelConfig,
  filters: Record<string, string>,
): RawBuilder<boolean>[] {
  return Object.entries(filters).map(([name, value]) => {
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
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(d.search @@ to_tsquery('simple'::regconfig, ${tsquery}) or d.key ilike ${like})`;
}
