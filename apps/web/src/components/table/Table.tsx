import './table.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InputSwitch } from 'primereact/inputswitch';
import { api, type Query } from '../../lib/api-client.ts';
import { fieldRenderer, getPath, resolveFieldType, type FieldContext, type FieldDef } from '../fields/index.ts';
import { isDescending, sortColumn, useTableState } from './use-table-state.ts';

export type Row = Record<string, unknown>;
export const ROW_FLAGS = ['new', 'warn', 'fail', 'ignore'] as const;
export type RowFlag = (typeof ROW_FLAGS)[number];
const FLAG_ICONS: Record<RowFlag, string> = {
  new: 'pi pi-star',
  warn: 'pi pi-exclamation-triangle',
  fail: 'pi pi-times-circle',
  ignore: 'pi pi-minus-circle',
};
export const PAGE_SIZES = [10, 30, 50, 100];

export interface TableColumn extends FieldDef {
  /** right aligned (numbers are right aligned anyway) */
  right?: boolean;
  /** custom cell content (instead of the field type's display) */
  render?: (row: Row) => ReactNode;
}

export interface TableAnswer {
  items: Row[];
  options?: { count?: number | null; page?: number; pagesize?: number };
}

export interface TableProps {
  fields: TableColumn[];
  /** a url (server paging with q, p, l, s, c) or the rows themselves (client paging) */
  data: string | Row[];
  header?: ReactNode;
  selectable?: boolean;
  onSelectionChange?: (rows: Row[]) => void;
  showCount?: boolean;
  paginate?: boolean;
  pageSize?: number;
  sort?: string;
  search?: boolean;
  rowDetail?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  rowActions?: (row: Row) => ReactNode;
  /** base url of the 'enabled' switch: PUT {dataUrl}/{id}/toggle-enabled {value}; defaults to the data url */
  dataUrl?: string;
  /** whether the 'enabled' switch of a row may be used (default: yes) */
  canToggle?: (row: Row, src: string) => boolean;
  /** a refused toggle (the switch goes back) */
  onToggleError?: (err: unknown) => void;
  rowKey?: string;
  flagKey?: string;
  /** change it to fetch again */
  reloadKey?: number;
  query?: Query;
  ctx?: FieldContext;
  testId?: string;
}

const idOf = (row: Row, key: string) => String(getPath(row, key) ?? '');

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && typeof a !== 'boolean') return na - nb;
  return String(a).localeCompare(String(b));
}

function clientPage(rows: Row[], fields: TableColumn[], q: string, sort: string, page: number, size: number, paginate: boolean) {
  const text = q.trim().toLowerCase();
  let list = text
    ? rows.filter((r) => fields.some((f) => String(getPath(r, f.src) ?? '').toLowerCase().includes(text)))
    : rows.slice();
  const col = sortColumn(sort);
  if (col) {
    const dir = isDescending(sort) ? -1 : 1;
    list = list.sort((a, b) => dir * compare(getPath(a, col), getPath(b, col)));
  }
  const count = list.length;
  return { items: paginate ? list.slice((page - 1) * size, page * size) : list, count };
}

/** The generic table of seed 001 section 2.4. */
export function Table(props: TableProps) {
  const { t } = useTranslation();
  const {
    fields,
    data,
    header,
    selectable,
    onSelectionChange,
    showCount = true,
    paginate = true,
    search,
    rowDetail,
    onRowClick,
    rowActions,
    rowKey = '_id',
    flagKey = '_flag',
    reloadKey = 0,
    ctx,
    testId = 'table',
  } = props;
  const state = useTableState({ sort: props.sort, size: props.pageSize });
  const { page, size, sort, q } = state;
  const remote = typeof data === 'string';
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<Record<string, Row>>({});
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  const query = useQuery({
    queryKey: ['table', remote ? data : null, props.query ?? null, q, page, size, sort, reloadKey],
    queryFn: () =>
      api.get<TableAnswer | Row[]>(data as string, {
        query: { ...props.query, ...(q ? { q } : {}), p: page, l: size, s: sort, c: 1 },
      }),
    enabled: remote,
    placeholderData: keepPreviousData,
  });

  const { items, count } = useMemo(() => {
    if (!remote) return clientPage(data, fields, q, sort, page, size, paginate);
    const answer = query.data;
    if (!answer) return { items: [] as Row[], count: 0 };
    if (Array.isArray(answer)) return { items: answer, count: answer.length };
    return { items: answer.items ?? [], count: answer.options?.count ?? null };
  }, [remote, data, fields, q, sort, page, size, paginate, query.data]);

  const pages = count === null ? null : Math.max(1, Math.ceil(count / size));
  const lastPage = pages ?? (items.length < size ? page : page + 1);
  const flagged = items.some((r) => ROW_FLAGS.includes(r[flagKey] as RowFlag));
  const toggleUrl = props.dataUrl ?? (remote ? (data as string) : undefined);

  const setSelection = (next: Record<string, Row>) => {
    setSelected(next);
    onSelectionChange?.(Object.values(next));
  };
  const allSelected = items.length > 0 && items.every((r) => selected[idOf(r, rowKey)]);

  const toggleEnabled = async (row: Row, src: string, value: boolean) => {
    const id = idOf(row, rowKey);
    setToggled((m) => ({ ...m, [`${id}:${src}`]: value }));
    try {
      await api.put(`${toggleUrl}/${encodeURIComponent(id)}/toggle-enabled`, { value });
    } catch (err) {
      setToggled((m) => ({ ...m, [`${id}:${src}`]: !value }));
      props.onToggleError?.(err);
    }
  };

  const colCount = fields.length + (selectable ? 1 : 0) + (rowDetail ? 1 : 0) + (flagged ? 1 : 0) + (rowActions ? 1 : 0);

  const cell = (row: Row, f: TableColumn) => {
    if (f.render) return f.render(row);
    const type = resolveFieldType(f.type);
    if (type === 'enabled') {
      const id = idOf(row, rowKey);
      const v = toggled[`${id}:${f.src}`] ?? Boolean(getPath(row, f.src));
      const allowed = props.canToggle ? props.canToggle(row, f.src) : true;
      return (
        <span onClick={(e) => e.stopPropagation()}>
          <InputSwitch checked={v} disabled={!allowed} aria-label={f.label ?? f.src} data-testid={`toggle-enabled-${id}`} onChange={(e) => allowed && void toggleEnabled(row, f.src, Boolean(e.value))} />
        </span>
      );
    }
    const { Display } = fieldRenderer(type);
    return <Display field={{ ...f, type }} value={getPath(row, f.src)} ctx={ctx} />;
  };

  return (
    <div className="table-block" data-testid={testId}>
      {(header || search) && (
        <div className="table-block__header">
          {header && <div className="table-block__title">{header}</div>}
          {search && (
            <form
              role="search"
              className="table-block__search"
              onSubmit={(e) => {
                e.preventDefault();
                state.setQ(searchText.trim());
              }}
            >
              <span className="p-input-icon-left">
                <input
                  type="search"
                  className="p-inputtext"
                  aria-label={t('table.search')}
                  placeholder={t('table.search')}
                  data-testid="table-search"
                  value={searchText}
                  onChange={(e) => setSearchText(e.target.value)}
                  onBlur={() => searchText.trim() !== q && state.setQ(searchText.trim())}
                />
              </span>
            </form>
          )}
        </div>
      )}
      <div className="table-block__scroll">
        <table className="table" aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="cell-narrow">
                  <input
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    onChange={(e) => {
                      const next = { ...selected };
                      for (const r of items) {
                        if (e.target.checked) next[idOf(r, rowKey)] = r;
                        else delete next[idOf(r, rowKey)];
                      }
                      setSelection(next);
                    }}
                  />
                </th>
              )}
              {rowDetail && <th scope="col" className="cell-narrow"><span className="sr-only">{t('table.details')}</span></th>}
              {flagged && <th scope="col" className="cell-narrow"><span className="sr-only">{t('table.flag')}</span></th>}
              {fields.map((f) => {
                const sortable = f.sortable !== false && resolveFieldType(f.type) !== 'enabled';
                const active = sortColumn(sort) === f.src;
                const ariaSort = active ? (isDescending(sort) ? 'descending' : 'ascending') : 'none';
                const right = f.right ?? ['number', 'quantity', 'price', 'value', 'percentage'].includes(resolveFieldType(f.type));
                return (
                  <th key={f.src} scope="col" aria-sort={sortable ? ariaSort : undefined} className={right ? 'cell-right' : undefined}>
                    {sortable ? (
                      <button type="button" className="table-sort" data-testid={`sort-${f.src}`} onClick={() => state.sortBy(f.src)}>
                        {f.label ?? f.src}{' '}
                        <i
                          aria-hidden="true"
                          className={active ? (isDescending(sort) ? 'pi pi-sort-amount-down' : 'pi pi-sort-amount-up-alt') : 'pi pi-sort-alt'}
                        />
                      </button>
                    ) : (
                      (f.label ?? f.src)
                    )}
                  </th>
                );
              })}
              {rowActions && <th scope="col"><span className="sr-only">{t('table.actions')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {items.map((row, i) => {
              const id = idOf(row, rowKey) || String(i);
              const flag = ROW_FLAGS.includes(row[flagKey] as RowFlag) ? (row[flagKey] as RowFlag) : null;
              const open = Boolean(expanded[id]);
              const classes = ['table-row', flag ? `row--${flag}` : '', selected[id] ? 'row--selected' : '', open ? 'row--expanded' : '', onRowClick ? 'row--clickable' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <FragmentRow key={id}>
                  <tr
                    className={classes}
                    data-testid="table-row"
                    data-id={id}
                    data-flag={flag ?? undefined}
                    aria-selected={selectable ? Boolean(selected[id]) : undefined}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(row) : undefined}
                  >
                    {selectable && (
                      <td className="cell-narrow" onClick={(e) => e.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={t('table.selectRow')}
                          data-testid="row-select"
                          checked={Boolean(selected[id])}
                          onChange={(e) => {
                            const next = { ...selected };
                            if (e.target.checked) next[id] = row;
                            else delete next[id];
                            setSelection(next);
                          }}
                        />
                      </td>
                    )}
                    {rowDetail && (
                      <td className="cell-narrow">
                        <button
                          type="button"
                          className="p-button p-button-text p-button-sm"
                          aria-expanded={open}
                          aria-label={open ? t('table.collapse') : t('table.expand')}
                          data-testid="row-expand"
                          onClick={(e) => {
                            e.stopPropagation();
                            setExpanded((m) => ({ ...m, [id]: !open }));
                          }}
                        >
                          <i className={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" />
                        </button>
                      </td>
                    )}
                    {flagged && (
                      <td className="cell-narrow">
                        {flag && <i className={`row-flag ${FLAG_ICONS[flag]}`} role="img" aria-label={t(`table.flags.${flag}`)} title={t(`table.flags.${flag}`)} data-testid="row-flag" />}
                      </td>
                    )}
                    {fields.map((f) => {
                      const right = f.right ?? ['number', 'quantity', 'price', 'value', 'percentage'].includes(resolveFieldType(f.type));
                      return (
                        <td key={f.src} className={right ? 'cell-right' : undefined} data-src={f.src}>
                          {cell(row, f)}
                        </td>
                      );
                    })}
                    {rowActions && (
                      <td className="cell-actions" onClick={(e) => e.stopPropagation()}>
                        {rowActions(row)}
                      </td>
                    )}
                  </tr>
                  {rowDetail && open && (
                    <tr className="table-row-detail" data-testid="row-detail">
                      <td colSpan={colCount}>{rowDetail(row)}</td>
                    </tr>
                  )}
                </FragmentRow>
              );
            })}
            {!items.length && !query.isLoading && (
              <tr>
                <td colSpan={colCount} className="table-empty" data-testid="table-empty">
                  {t('table.noData')}
                </td>
              </tr>
            )}
            {!items.length && query.isLoading && remote && (
              <tr>
                <td colSpan={colCount} className="table-empty">
                  {t('common.loading')}
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
            <nav className="table-pager" aria-label={t('table.paging')}>
              <button type="button" className="p-button p-button-text p-button-sm" data-testid="page-first" aria-label={t('table.first')} disabled={page <= 1} onClick={() => state.goTo(1)}>
                <i className="pi pi-angle-double-left" aria-hidden="true" />
              </button>
              <button type="button" className="p-button p-button-text p-button-sm" data-testid="page-prev" aria-label={t('table.previous')} disabled={page <= 1} onClick={() => state.goTo(page - 1)}>
                <i className="pi pi-angle-left" aria-hidden="true" />
              </button>
              <span data-testid="table-page" className="table-page">
                {pages === null ? t('table.pageOnly', { page }) : t('table.page', { page, pages })}
              </span>
              <button type="button" className="p-button p-button-text p-button-sm" data-testid="page-next" aria-label={t('table.next')} disabled={page >= lastPage} onClick={() => state.goTo(page + 1)}>
                <i className="pi pi-angle-right" aria-hidden="true" />
              </button>
              <button type="button" className="p-button p-button-text p-button-sm" data-testid="page-last" aria-label={t('table.last')} disabled={pages === null || page >= pages} onClick={() => pages && state.goTo(pages)}>
                <i className="pi pi-angle-double-right" aria-hidden="true" />
              </button>
              <label className="table-page-size">
                <span>{t('table.pageSize')}</span>
                <select className="p-inputtext" data-testid="table-page-size" value={size} onChange={(e) => state.setSize(Number(e.target.value))}>
                  {[...new Set([...PAGE_SIZES, size])].sort((a, b) => a - b).map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}

function FragmentRow({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
