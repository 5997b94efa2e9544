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
  return { src, direction, expression: expressionOf(src) };
}

/** Equality filters `?src=value` (comma list = any of); only the model's filterable srcs. */
export function filterExpressions(
  model: ModelConfig,
  filters: Record<string, string>,
): RawBuilder<boolean>[] {
  return Object.entries(filters).map(([src, value]) => {
    if (!SRC_PATTERN.test(src) || !model.search.includes(src)) {
      throw new AppError('bad_request', `Filtering by '${src}' is not allowed.`, {
        key: 'document.filter-not-allowed',
        errors: [{ field: src, message: `Filtering by '${src}' is not allowed.` }],
      });
    }
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
