import './table.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { getPath } from '@p2p/domain';
import { fieldLabel, resolveFieldType, type FieldContext } from '../fields/index.ts';
import { rowFlag } from './row-flag.tsx';
import { TablePager } from './TablePager.tsx';
import { isRightAligned, TableRow, type Row, type TableColumn } from './TableRow.tsx';
import { isDescending, sortColumn, type TableState } from './use-table-state.ts';

export interface TablePaging {
  page: number;
  size: number;
  /** the sort spec: a column src, a leading minus for descending */
  sort: string;
  /** the search text applied */
  q: string;
}

export interface TableProps {
  fields: TableColumn[];
  rows: Row[];
  /** every matching row; null when not counted (the pager then shows the page only) */
  count: number | null;
  /** rows are being fetched */
  loading?: boolean;
  paging: TablePaging;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSort: (src: string) => void;
  /** given: the table shows its search box */
  onSearch?: (q: string) => void;
  /** the 'enabled' switch of a row was used; without it the switches are read-only */
  onToggleEnabled?: (row: Row, src: string, value: boolean) => void;
  /** whether the 'enabled' switch of a row may be used (default: yes) */
  canToggle?: (row: Row, src: string) => boolean;
  header?: ReactNode;
  selectable?: boolean;
  onSelectionChange?: (rows: Row[]) => void;
  showCount?: boolean;
  paginate?: boolean;
  rowDetail?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  rowActions?: (row: Row) => ReactNode;
  rowKey?: string;
  ctx?: FieldContext;
  testId?: string;
}

/** The paging, sort and search props of a Table from useTableState. */
export const tablePaging = (state: TableState) => ({
  paging: { page: state.page, size: state.size, sort: state.sort, q: state.q },
  onPage: state.goTo,
  onPageSize: state.setSize,
  onSort: state.sortBy,
  onSearch: state.setQ,
});

const idOf = (row: Row, key: string) => String(getPath(row, key) ?? '');

/**
 * The generic table of seed 001 section 2.4, presentational: it shows the rows it is given and
 * reports paging, sorting, searching, selection and the 'enabled' switches through its callbacks;
 * who owns the rows fetches them (see useTableState for the debounced sort and throttled paging).
 */
export function Table(props: TableProps) {
  const { t, i18n } = useTranslation();
  const { fields, rows, count, loading = false, paging, header, selectable, onSearch, rowDetail } = props;
  const { showCount = true, paginate = true, rowActions, rowKey = '_id', testId = 'table' } = props;
  const { page, size, sort, q } = paging;
  const [searchText, setSearchText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // the search was changed from outside (a link, a reset): the box shows it
    setShownQ(q);
    setSearchText(q);
  }
  const [selected, setSelected] = useState<Record<string, Row>>({});
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const pages = count === null ? null : Math.max(1, Math.ceil(count / size));
  const lastPage = pages ?? (rows.length < size ? page : page + 1);
  const flagged = rows.some((r) => rowFlag(r) !== null);
  const colCount =
    fields.length + (selectable ? 1 : 0) + (rowDetail ? 1 : 0) + (flagged ? 1 : 0) + (rowActions ? 1 : 0);

  const setSelection = (next: Record<string, Row>) => {
    setSelected(next);
    props.onSelectionChange?.(Object.values(next));
  };
  const allSelected = rows.length > 0 && rows.every((r) => selected[idOf(r, rowKey)]);
  const selectAll = (on: boolean) => {
    const next = { ...selected };
    for (const r of rows) {
      if (on) next[idOf(r, rowKey)] = r;
      else delete next[idOf(r, rowKey)];
    }
    setSelection(next);
  };
  const search = () => {
    if (searchText.trim() !== q) onSearch?.(searchText.trim());
  };

  const headerCell = (f: TableColumn) => {
    const label = fieldLabel(f, i18n.language);
    const sortable = f.sortable !== false && resolveFieldType(f.type) !== 'enabled';
    const active = sortColumn(sort) === f.src;
    const descending = isDescending(sort);
    const ariaSort = active ? (descending ? 'descending' : 'ascending') : 'none';
    const icon = active
      ? descending
        ? 'pi pi-sort-amount-down'
        : 'pi pi-sort-amount-up-alt'
      : 'pi pi-sort-alt';
    return (
      <th
        key={f.src}
        scope="col"
        aria-sort={sortable ? ariaSort : undefined}
        className={isRightAligned(f) ? 'cell-right' : undefined}
      >
        {sortable ? (
          <button
            type="button"
            className="table-sort"
            data-testid={`sort-${f.src}`}
            onClick={() => props.onSort(f.src)}
          >
            {label} <i aria-hidden="true" className={icon} />
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  return (
    <div className="table-block" data-testid={testId}>
      {(header || onSearch) && (
        <div className="table-block__header">
          {header && <div className="table-block__title">{header}</div>}
          {onSearch && (
            <form
              role="search"
              className="table-block__search"
              onSubmit={(e) => {
                e.preventDefault();
                search();
              }}
            >
              <input
                type="search"
                className="p-inputtext"
                aria-label={t('table.search')}
                placeholder={t('table.search')}
                data-testid="table-search"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                onBlur={search}
              />
            </form>
          )}
        </div>
      )}
      <div
        className={`table-block__scroll${loading && rows.length === 0 ? ' table-block__scroll--waiting' : ''}`}
      >
        <table className="table" aria-busy={loading || undefined}>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="cell-narrow">
                  <input
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    onChange={(e) => selectAll(e.target.checked)}
                  />
                </th>
              )}
              {rowDetail && (
                <th scope="col" className="cell-narrow">
                  <span className="sr-only">{t('table.details')}</span>
                </th>
              )}
              {flagged && (
                <th scope="col" className="cell-narrow">
                  <span className="sr-only">{t('table.flag')}</span>
                </th>
              )}
              {fields.map(headerCell)}
              {rowActions && (
                <th scope="col">
                  <span className="sr-only">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const id = idOf(row, rowKey) || String(i);
              return (
                <TableRow
                  key={id}
                  row={row}
                  id={id}
                  fields={fields}
                  flag={rowFlag(row)}
                  flagged={flagged}
                  selected={Boolean(selected[id])}
                  onSelect={
                    selectable
                      ? (on) => {
                          const next = { ...selected };
                          if (on) next[id] = row;
                          else delete next[id];
                          setSelection(next);
                        }
                      : undefined
                  }
                  expanded={Boolean(expanded[id])}
                  onExpand={() => setExpanded((m) => ({ ...m, [id]: !m[id] }))}
                  rowDetail={rowDetail}
                  rowActions={rowActions}
                  onRowClick={props.onRowClick}
                  onToggleEnabled={props.onToggleEnabled}
                  canToggle={props.canToggle}
                  colCount={colCount}
                  ctx={props.ctx}
                />
              );
            })}
            {!rows.length && (
              <tr>
                <td
                  colSpan={colCount}
                  className="table-empty"
                  data-testid={loading ? 'table-loading' : 'table-empty'}
                >
                  {loading ? t('common.loading') : t('table.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {(showCount || paginate) && (
        <div className="table-block__footer">
          {showCount && count !== null && (
            <span className="table-count" data-testid="table-count">
              {t('table.count', { count })}
            </span>
          )}
          {paginate && (
            <TablePager
              page={page}
              size={size}
              pages={pages}
              lastPage={lastPage}
              onPage={props.onPage}
              onPageSize={props.onPageSize}
            />
          )}
        </div>
      )}
    </div>
  );
}
