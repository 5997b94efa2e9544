import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { supplierLineView, type FieldConfig } from '@p2p/domain';
import type { DisplayProps, FieldContext, InputProps } from './types.ts';

export type Line = Record<string, unknown>;

/** Row height of the windowed lines table, and of a row opened on its price conditions. */
export const LINE_ROW_HEIGHT = 44;
export const LINE_EXPANDED_HEIGHT = 96;

/** Line columns whose numbers follow the quantity (3 decimals) and price (5 decimals) rules. */
const LINE_TYPE_BY_SRC: Record<string, string> = { quantity: 'quantity', price: 'price', listPrice: 'price' };

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
  onCell: (index: number, src: string, value: unknown) => void;
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
  onCell,
  onRemove,
  onToggle,
}: LineRowProps) {
  const { t } = useTranslation();
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
          if (!visible(c, line)) return <td key={c.src} data-testid={testId} />;
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
              <td key={c.src} data-testid={testId} className="cell-right">
                <ValueDisplay field={cellField} value={view.displayValue} ctx={ctx} />
              </td>
            );
          }
          const value = line[c.src];
          if (editable(c, line)) {
            const Input = renderers.Input(type);
            return (
              <td key={c.src} data-testid={testId}>
                <Input
                  id={`line-${index}-${c.src}`}
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
            <td key={c.src} data-testid={testId} className={numeric ? 'cell-right' : undefined}>
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
          <td>
            <button
              type="button"
              className="p-button p-button-text p-button-danger p-button-sm"
              aria-label={t('documents.removeLine')}
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
