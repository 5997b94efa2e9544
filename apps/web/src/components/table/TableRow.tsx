import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { InputSwitch } from 'primereact/inputswitch';
import { getPath, VALUE_FIELDS } from '@p2p/domain';
import {
  fieldLabel,
  fieldRenderer,
  resolveFieldType,
  type FieldContext,
  type FieldDef,
} from '../fields/index.ts';
import { RowFlagIcon, type RowFlag } from './row-flag.tsx';

export type Row = Record<string, unknown>;

export interface TableColumn extends FieldDef {
  /** custom cell content (instead of the field type's display) */
  render?: (row: Row) => ReactNode;
}

const NUMERIC_TYPES = ['number', 'quantity', 'price', 'value', 'percentage'];
export const isRightAligned = (f: TableColumn): boolean =>
  f.right ?? NUMERIC_TYPES.includes(resolveFieldType(f.type));

/** A column of a document total (value, netValue...): its amount is in the row's currency. */
const isAmountColumn = (f: TableColumn): boolean =>
  (VALUE_FIELDS as readonly string[]).includes(f.src) && NUMERIC_TYPES.includes(resolveFieldType(f.type));

/** The row's currency code ('EUR', or the key of a currency reference), or null. */
function currencyOf(row: Row): string | null {
  const c = row.currency;
  if (typeof c === 'string' && c) return c;
  if (c && typeof c === 'object') {
    const key = (c as { key?: unknown; _id?: unknown }).key ?? (c as { _id?: unknown })._id;
    return typeof key === 'string' && key ? key : null;
  }
  return null;
}

export interface TableRowProps {
  row: Row;
  id: string;
  fields: TableColumn[];
  flag: RowFlag | null;
  /** the table has a flag column */
  flagged: boolean;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  expanded?: boolean;
  onExpand?: () => void;
  rowDetail?: (row: Row) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  onToggleEnabled?: (row: Row, src: string, value: boolean) => void;
  canToggle?: (row: Row, src: string) => boolean;
  colCount: number;
  ctx?: FieldContext;
}

/** One row of the table (and its detail row when expanded). */
export function TableRow(props: TableRowProps) {
  const { t, i18n } = useTranslation();
  const { row, id, fields, flag, flagged, selected, onSelect, expanded, onExpand, rowDetail, rowActions } =
    props;
  const { onRowClick, onToggleEnabled, canToggle, colCount, ctx } = props;
  const classes = [
    'table-row',
    flag ? `row--${flag}` : '',
    selected ? 'row--selected' : '',
    expanded ? 'row--expanded' : '',
    onRowClick ? 'row--clickable' : '',
  ];

  const cell = (f: TableColumn) => {
    if (f.render) return f.render(row);
    const type = resolveFieldType(f.type);
    if (type === 'enabled') {
      const allowed = Boolean(onToggleEnabled) && (canToggle ? canToggle(row, f.src) : true);
      return (
        <span onClick={(e) => e.stopPropagation()}>
          <InputSwitch
            checked={Boolean(getPath(row, f.src))}
            disabled={!allowed}
            aria-label={fieldLabel(f, i18n.language)}
            data-testid={`toggle-enabled-${id}`}
            onChange={(e) => allowed && onToggleEnabled?.(row, f.src, Boolean(e.value))}
          />
        </span>
      );
    }
    const { Display } = fieldRenderer(type);
    const shown = <Display field={{ ...f, type }} value={getPath(row, f.src)} ctx={ctx} />;
    // an amount says its currency (the row's): 1,234.50 EUR
    const currency = isAmountColumn(f) ? currencyOf(row) : null;
    if (!currency || getPath(row, f.src) === null || getPath(row, f.src) === undefined) return shown;
    return (
      <span className="cell-amount">
        {shown} <span className="cell-currency">{currency}</span>
      </span>
    );
  };

  return (
    <>
      <tr
        className={classes.filter(Boolean).join(' ')}
        data-testid="table-row"
        data-id={id}
        data-flag={flag ?? undefined}
        aria-selected={onSelect ? Boolean(selected) : undefined}
        tabIndex={onRowClick ? 0 : undefined}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
        onKeyDown={
          onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(row) : undefined
        }
      >
        {onSelect && (
          <td className="cell-narrow" onClick={(e) => e.stopPropagation()}>
            <input
              type="checkbox"
              aria-label={t('table.selectRow')}
              data-testid="row-select"
              checked={Boolean(selected)}
              onChange={(e) => onSelect(e.target.checked)}
            />
          </td>
        )}
        {rowDetail && (
          <td className="cell-narrow">
            <button
              type="button"
              className="p-button p-button-text p-button-sm"
              aria-expanded={Boolean(expanded)}
              aria-label={expanded ? t('table.collapse') : t('table.expand')}
              data-testid="row-expand"
              onClick={(e) => {
                e.stopPropagation();
                onExpand?.();
              }}
            >
              <i className={expanded ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" />
            </button>
          </td>
        )}
        {flagged && <td className="cell-narrow">{flag && <RowFlagIcon flag={flag} />}</td>}
        {fields.map((f) => (
          // the label and type lay the row out as a card on phones (table.css)
          <td
            key={f.src}
            className={isRightAligned(f) ? 'cell-right' : undefined}
            data-src={f.src}
            data-label={fieldLabel(f, i18n.language)}
            data-type={resolveFieldType(f.type)}
          >
            {cell(f)}
          </td>
        ))}
        {rowActions && (
          <td className="cell-actions" onClick={(e) => e.stopPropagation()}>
            {rowActions(row)}
          </td>
        )}
      </tr>
      {rowDetail && expanded && (
        <tr className="table-row-detail" data-testid="row-detail">
          <td colSpan={colCount}>{rowDetail(row)}</td>
        </tr>
      )}
    </>
  );
}
