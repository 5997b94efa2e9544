import { memo, type ComponentType } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { roundPrice, supplierLineView, type FieldConfig, type ItemLookup } from '@p2p/domain';
import { ItemLookupInput } from './ItemLookupInput.tsx';
import { UnspscCodeDisplay, UnspscInput } from './UnspscInput.tsx';
import type { DisplayProps, FieldContext, InputProps } from './types.ts';

export type Line = Record<string, unknown>;

/** Stands for the column's name in a row's translated cell name pattern. */
const COLUMN_SLOT = '\u0001';

/** Row height of the windowed lines table, and of a row opened on its price conditions. */
export const LINE_ROW_HEIGHT = 44;
export const LINE_EXPANDED_HEIGHT = 96;

/** Line columns whose numbers follow the quantity (3 decimals) and price (5 decimals) rules. */
const LINE_TYPE_BY_SRC: Record<string, string> = { quantity: 'quantity', price: 'price', listPrice: 'price' };

/**
 * Columns that stay in view while the others scroll sideways (lines.css): the position at the
 * start, the line's value at the end, so a wide line never hides what it is and what it costs.
 */
export const STICKY_START = 'pos';
export const STICKY_END = 'value';
export const stickyClass = (src: string): string | undefined =>
  src === STICKY_START ? 'lines-sticky-start' : src === STICKY_END ? 'lines-sticky-end' : undefined;
const cellClass = (...names: Array<string | undefined | false>) =>
  names.filter(Boolean).join(' ') || undefined;

/** No price on the line yet: empty, zero or unreadable. */
function isUnpriced(price: unknown): boolean {
  try {
    return Number(roundPrice(typeof price === 'number' ? price : String(price ?? ''))) === 0;
  } catch {
    return true;
  }
}

/**
 * What a line takes from a catalogue item: its code, name, unit, UNSPSC code and (when the look-up
 * gives it) price.
 */
export function itemPatch(line: Line, item: ItemLookup): Line {
  const patch: Line = { item: item.code };
  if (item.unspsc) patch.unspsc = item.unspsc;
  if (!line.description) patch.description = item.name;
  if (item.uom) patch.unit = item.uom;
  // a price already entered (an estimate, a negotiated price) is kept
  const unpriced = isUnpriced(line.price);
  if (item.price && unpriced) patch.price = roundPrice(item.price);
  return patch;
}

export interface LineCellRenderers {
  Display: (type: string) => ComponentType<DisplayProps>;
  Input: (type: string) => ComponentType<InputProps>;
}

export interface LineRowProps {
  line: Line;
  index: number;
  columns: FieldConfig[];
  /** a line cell is shown (false: the shared field rules hide it on this line) */
  visible: (c: FieldConfig, line: Line) => boolean;
  editable: (c: FieldConfig, line: Line) => boolean;
  supplierView: boolean;
  expanded: boolean;
  ctx?: FieldContext;
  renderers: LineCellRenderers;
  /** each column's header text: an input's accessible name is its column and line ('Quantity, line 3') */
  labels: Readonly<Record<string, string>>;
  onCell: (index: number, src: string, value: unknown) => void;
  /** several cells of a line at once (an item picked from the catalogue) */
  onPatch?: (index: number, patch: Line) => void;
  onRemove?: (index: number) => void;
  onToggle: (index: number) => void;
}

/** One line of the editor: a cell per column, and its price conditions when opened. */
export const LineRow = memo(function LineRow({
  line,
  index,
  columns,
  visible,
  editable,
  supplierView,
  expanded,
  ctx,
  renderers,
  labels,
  onCell,
  onPatch,
  onRemove,
  onToggle,
}: LineRowProps) {
  const { t } = useTranslation();
  const line1 = index + 1;
  // one translation per row, the column put in per cell (a screenful of rows has hundreds of cells)
  const namePattern = t('documents.lineCell', { column: COLUMN_SLOT, line: line1 });
  const cellName = (c: FieldConfig) => namePattern.replace(COLUMN_SLOT, () => labels[c.src] ?? c.src);
  // a table cell has no visible label of its own: a hidden one names the input (axe: label, select-name)
  const cellLabel = (c: FieldConfig, inputId: string) => (
    <label className="sr-only" htmlFor={inputId}>
      {cellName(c)}
    </label>
  );
  const taxGroup = (line.tax as { group?: string } | null | undefined)?.group ?? null;
  const view = supplierView
    ? supplierLineView({ netValue: line.netValue as string, value: line.value as string }, taxGroup)
    : null;
  const conditions = columns.find((c) => c.type === 'conditions');
  return (
    <>
      <tr
        className="lines-row"
        data-testid="line-row"
        data-index={index}
        data-pos={String(line.pos ?? '')}
        style={{ height: LINE_ROW_HEIGHT }}
      >
        {columns.map((c) => {
          const type = c.type === 'number' ? (LINE_TYPE_BY_SRC[c.src] ?? 'number') : (c.type ?? 'text');
          const cellField = c.src === 'pos' ? { ...c, type, format: '#,##0' } : { ...c, type };
          const testId = `line-${c.src}-${index}`;
          const sticky = stickyClass(c.src);
          if (!visible(c, line)) return <td key={c.src} data-testid={testId} className={sticky} />;
          if (c.type === 'conditions') {
            const count = Array.isArray(line[c.src]) ? (line[c.src] as unknown[]).length : 0;
            return (
              <td key={c.src} data-testid={testId}>
                <button
                  type="button"
                  className="p-button p-button-text p-button-sm"
                  aria-expanded={expanded}
                  data-testid={`line-conditions-toggle-${index}`}
                  onClick={() => onToggle(index)}
                >
                  <i className={expanded ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" />{' '}
                  {t('documents.conditions', { count })}
                </button>
              </td>
            );
          }
          if (view && c.src === 'value') {
            const ValueDisplay = renderers.Display('value');
            return (
              <td key={c.src} data-testid={testId} className={cellClass('cell-right', sticky)}>
                <ValueDisplay field={cellField} value={view.displayValue} ctx={ctx} />
              </td>
            );
          }
          const value = line[c.src];
          if (editable(c, line) && c.src === 'item' && onPatch) {
            return (
              <td key={c.src} data-testid={testId} className={sticky}>
                <ItemLookupInput
                  id={`line-${index}-${c.src}`}
                  ariaLabel={cellName(c)}
                  value={value}
                  onChange={(code) => onCell(index, c.src, code)}
                  onPick={(item) => onPatch(index, itemPatch(line, item))}
                />
              </td>
            );
          }
          // the UNSPSC code: a tree picker, and the unspsc-fail icon when the code maps to no ERP group
          if (c.src === 'unspsc') {
            const inputId = `line-${index}-${c.src}`;
            return (
              <td key={c.src} data-testid={testId} className={sticky}>
                {editable(c, line) ? (
                  <UnspscInput
                    id={inputId}
                    ariaLabel={cellName(c)}
                    value={value}
                    onChange={(code) => onCell(index, c.src, code)}
                  />
                ) : (
                  <UnspscCodeDisplay value={value} />
                )}
              </td>
            );
          }
          if (editable(c, line)) {
            const Input = renderers.Input(type);
            const inputId = `line-${index}-${c.src}`;
            return (
              <td key={c.src} data-testid={testId} className={sticky}>
                {cellLabel(c, inputId)}
                <Input
                  id={inputId}
                  field={cellField}
                  value={value}
                  ctx={ctx}
                  onChange={(v) => onCell(index, c.src, v)}
                />
              </td>
            );
          }
          const Display = renderers.Display(type);
          const numeric = ['number', 'quantity', 'price', 'value'].includes(type);
          return (
            <td key={c.src} data-testid={testId} className={cellClass(numeric && 'cell-right', sticky)}>
              <Display field={cellField} value={value} ctx={ctx} />
              {view?.taxWarning && c.src === 'taxValue' && (
                <small
                  className="line-tax-warning"
                  data-testid={`line-tax-warning-${index}`}
                  title={view.taxWarning}
                >
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {view.taxWarning}
                </small>
              )}
            </td>
          );
        })}
        {onRemove && (
          <td className="lines-sticky-remove">
            <button
              type="button"
              className="p-button p-button-text p-button-danger p-button-sm"
              aria-label={t('documents.removeLineNumber', { line: line1 })}
              data-testid={`line-remove-${index}`}
              onClick={() => onRemove(index)}
            >
              <i className="pi pi-trash" aria-hidden="true" />
            </button>
          </td>
        )}
      </tr>
      {expanded && conditions && (
        <tr
          className="lines-row-detail"
          data-testid={`line-detail-${index}`}
          style={{ height: LINE_EXPANDED_HEIGHT }}
        >
          <td colSpan={columns.length + (onRemove ? 1 : 0)}>
            {(() => {
              const can = editable(conditions, line);
              const Comp = can ? renderers.Input('conditions') : null;
              const Display = renderers.Display('conditions');
              return Comp ? (
                <Comp
                  id={`line-condition-${index}`}
                  field={conditions}
                  value={line[conditions.src]}
                  ctx={ctx}
                  onChange={(v) => onCell(index, conditions.src, v)}
                />
              ) : (
                <Display field={conditions} value={line[conditions.src]} ctx={ctx} />
              );
            })()}
          </td>
        </tr>
      )}
    </>
  );
});
