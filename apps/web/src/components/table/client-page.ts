import { getPath } from '@p2p/domain';
import type { FieldDef } from '../fields/index.ts';
import { isDescending, sortColumn } from './use-table-state.ts';

type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && typeof a !== 'boolean') return na - nb;
  return String(a).localeCompare(String(b));
}

export interface ClientPaging {
  q: string;
  sort: string;
  page: number;
  size: number;
}

/**
 * Rows held in memory (seed 001 section 2.4: a table's data may be an array) searched, sorted and
 * paged on the client the way the server does it for a url: the search matches any shown column.
 */
export function clientPage(
  rows: readonly Row[],
  fields: readonly Pick<FieldDef, 'src'>[],
  { q, sort, page, size }: ClientPaging,
  paginate = true,
): { rows: Row[]; count: number } {
  const text = q.trim().toLowerCase();
  let list = text
    ? rows.filter((r) =>
        fields.some((f) =>
          String(getPath(r, f.src) ?? '')
            .toLowerCase()
            .includes(text),
        ),
      )
    : rows.slice();
  const col = sortColumn(sort);
  if (col) {
    const dir = isDescending(sort) ? -1 : 1;
    list = list.sort((a, b) => dir * compare(getPath(a, col), getPath(b, col)));
  }
  return { rows: paginate ? list.slice((page - 1) * size, page * size) : list, count: list.length };
}
