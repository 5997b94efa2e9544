import { memo, useCallback, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, isSupplier, supplierLineView } from '@p2p/domain';
import type { DisplayProps, FieldContext, FieldDef, InputProps } from './types.ts';

export type Line = Record<string, unknown>;

/** Row height and viewport of the windowed lines table (only the visible rows are rendered). */
export const LINE_ROW_HEIGHT = 44;
export const LINE_EXPANDED_HEIGHT = 96;
export const LINES_VIEWPORT = 440;
const OVERSCAN = 6;

/** Line columns whose numbers follow the quantity (3 decimals) and price (5 decimals) rules. */
const LINE_TYPE_BY_SRC: Record<string, string> = { quantity: 'quantity', price: 'price', listPrice: 'price' };

export interface LineCellRenderers {
  Display: (type: string) => ComponentType<DisplayProps>;
  Input: (type: string) => ComponentType<InputProps>;
}

interface LinesEditorProps {
  id: string;
  field: FieldDef;
  lines: Line[];
  onChange?: (lines: Line[]) => void;
  disabled?: boolean;
  ctx?: FieldContext;
  renderers: LineCellRenderers;
}

const lineColumns = (field: FieldDef, ctx?: FieldContext, lines: Line[] = []): FieldDef[] =>
  ((field.items ?? []) as FieldDef[]).filter(
    (c) =>
      c && typeof c === 'object' && 'src' in c &&
      (!c.viewRoles || hasRole(ctx?.user, c.viewRoles)) &&
      (!c.hiddenIfNull || lines.some((l) => l[c.src] !== null && l[c.src] !== undefined && l[c.src] !== '')),
  );

function newLine(columns: FieldDef[], lines: Line[]): Line {
  const pos = lines.reduce((m, l) => Math.max(m, typeof l.pos === 'number' ? l.pos : 0), 0) + 10;
  const line: Line = { pos, subpos: 0, quantity: '1', price: '0' };
  for (const c of columns) if (c.default !== undefined && line[c.src] === undefined) line[c.src] = c.default;
  return line;
}

const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The context handed to the rows: the same object while everything but `doc` is unchanged (the form
 * makes a new context with the re-totalled document on every edit), its `doc` read live, so an edit
 * re-renders the edited row only.
 */
function useRowContext(ctx: FieldContext | undefined): FieldContext | undefined {
  const live = useRef(ctx);
  live.current = ctx;
  const stable = useRef<{ from: FieldContext; ctx: FieldContext } | null>(null);
  if (!ctx) return undefined;
  const prev = stable.current;
  const keys = Object.keys(ctx);
  const same = prev && keys.length === Object.keys(prev.from).length && keys.every((k) => k === 'doc' || (ctx as Record<string, unknown>)[k] === (prev.from as Record<string, unknown>)[k]);
  if (same) return prev.ctx;
  const rowCtx = { ...ctx } as FieldContext;
  Object.defineProperty(rowCtx, 'doc', { enumerable: true, get: () => live.current?.doc });
  stable.current = { from: ctx, ctx: rowCtx };
  return rowCtx;
}

interface RowProps {
  line: Line;
  index: number;
  columns: FieldDef[];
  editable: (c: FieldDef) => boolean;
  supplierView: boolean;
  expanded: boolean;
  ctx?: FieldContext;
  renderers: LineCellRenderers;
  onCell: (index: number, src: string, value: unknown) => void;
  onRemove?: (index: number) => void;
  onToggle: (index: number) => void;
}

const LineRow = memo(function LineRow({ line, index, columns, editable, supplierView, expanded, ctx, renderers, onCell, onRemove, onToggle }: RowProps) {
  const { t } = useTranslation();
  const taxGroup = (line.tax as { group?: string } | null | undefined)?.group ?? null;
  const view = supplierView ? supplierLineView({ netValue: line.netValue as string, value: line.value as string }, taxGroup) : null;
  const conditions = columns.find((c) => c.type === 'conditions');
  return (
    <>
      <tr className="lines-row" data-testid="line-row" data-index={index} data-pos={String(line.pos ?? '')} style={{ height: LINE_ROW_HEIGHT }}>
        {columns.map((c) => {
          const type = c.type === 'number' ? (LINE_TYPE_BY_SRC[c.src] ?? 'number') : (c.type ?? 'text');
          const cellField = c.src === 'pos' ? { ...c, type, format: '#,##0' } : { ...c, type };
          const testId = `line-${c.src}-${index}`;
          if (c.type === 'conditions') {
            const count = Array.isArray(line[c.src]) ? (line[c.src] as unknown[]).length : 0;
            return (
              <td key={c.src} data-testid={testId}>
                <button type="button" className="p-button p-button-text p-button-sm" aria-expanded={expanded} data-testid={`line-conditions-toggle-${index}`} onClick={() => onToggle(index)}>
                  <i className={expanded ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" /> {t('documents.conditions', { count })}
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
          if (editable(c)) {
            const Input = renderers.Input(type);
            return (
              <td key={c.src} data-testid={testId}>
                <Input id={`line-${index}-${c.src}`} field={cellField} value={value} ctx={ctx} onChange={(v) => onCell(index, c.src, v)} />
              </td>
            );
          }
          const Display = renderers.Display(type);
          const numeric = ['number', 'quantity', 'price', 'value'].includes(type);
          return (
            <td key={c.src} data-testid={testId} className={numeric ? 'cell-right' : undefined}>
              <Display field={cellField} value={value} ctx={ctx} />
              {view?.taxWarning && c.src === 'taxValue' && (
                <small className="line-tax-warning" data-testid={`line-tax-warning-${index}`} title={view.taxWarning}>
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {view.taxWarning}
                </small>
              )}
            </td>
          );
        })}
        {onRemove && (
          <td>
            <button type="button" className="p-button p-button-text p-button-danger p-button-sm" aria-label={t('documents.removeLine')} data-testid={`line-remove-${index}`} onClick={() => onRemove(index)}>
              <i className="pi pi-trash" aria-hidden="true" />
            </button>
          </td>
        )}
      </tr>
      {expanded && conditions && (
        <tr className="lines-row-detail" data-testid={`line-detail-${index}`} style={{ height: LINE_EXPANDED_HEIGHT }}>
          <td colSpan={columns.length + (onRemove ? 1 : 0)}>
            {(() => {
              const can = editable(conditions);
              const Comp = can ? renderers.Input('conditions') : null;
              const Display = renderers.Display('conditions');
              return Comp ? (
                <Comp id={`line-condition-${index}`} field={conditions} value={line[conditions.src]} ctx={ctx} onChange={(v) => onCell(index, conditions.src, v)} />
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

/**
 * The lines of a document in a windowed table: only the rows in view (plus a few) are rendered, so
 * thousands of lines stay smooth. One line at a time can open its price conditions editor.
 */
export function LinesEditor({ id, field, lines, onChange, disabled, ctx, renderers }: LinesEditorProps) {
  const { t } = useTranslation();
  const [scrollTop, setScrollTop] = useState(0);
  const [expanded, setExpanded] = useState(-1);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // rows are memoised: keep the columns and the context they get stable across the form's re-renders
  const columnsRef = useRef<FieldDef[]>([]);
  const nextColumns = lineColumns(field, ctx, lines);
  if (!sameItems(nextColumns, columnsRef.current)) columnsRef.current = nextColumns;
  const columns = columnsRef.current;
  const rowCtx = useRowContext(ctx);
  const supplierView = isSupplier(ctx?.user);
  const readOnly = disabled || !onChange;
  const editable = useCallback(
    (c: FieldDef) => !readOnly && !c.readonly && !c.native && c.src !== 'pos' && (!c.editRoles || hasRole(ctx?.user, c.editRoles)),
    [readOnly, ctx?.user],
  );
  const onCell = useCallback((index: number, src: string, value: unknown) => {
    const next = linesRef.current.slice();
    next[index] = { ...next[index], [src]: value };
    onChangeRef.current?.(next);
  }, []);
  const onRemove = useCallback((index: number) => {
    onChangeRef.current?.(linesRef.current.filter((_, i) => i !== index));
    setExpanded(-1);
  }, []);
  const onToggle = useCallback((index: number) => setExpanded((e) => (e === index ? -1 : index)), []);

  const n = lines.length;
  const extra = expanded >= 0 && expanded < n ? LINE_EXPANDED_HEIGHT : 0;
  const total = n * LINE_ROW_HEIGHT + extra;
  const offset = (i: number) => i * LINE_ROW_HEIGHT + (extra && i > expanded ? extra : 0);
  let first = Math.floor(scrollTop / LINE_ROW_HEIGHT);
  if (extra && first > expanded) first = Math.max(expanded, Math.floor((scrollTop - extra) / LINE_ROW_HEIGHT));
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(n, first + Math.ceil(LINES_VIEWPORT / LINE_ROW_HEIGHT) + OVERSCAN);
  const visible = lines.slice(start, end);
  const colSpan = columns.length + (readOnly ? 0 : 1);

  return (
    <div className="lines-editor" id={id} data-testid="lines-editor" data-count={n}>
      <div className="lines-viewport" data-testid="lines-viewport" style={{ maxHeight: LINES_VIEWPORT + 48, overflow: 'auto' }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <table className="lines-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.src} scope="col" className={c.type === 'number' ? 'cell-right' : undefined}>
                  {c.label ?? c.src}
                  {c.required && !readOnly && editable(c) && <span className="field-required" aria-hidden="true"> *</span>}
                </th>
              ))}
              {!readOnly && <th scope="col"><span className="sr-only">{t('documents.removeLine')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {start > 0 && <tr aria-hidden="true" style={{ height: offset(start) }}><td colSpan={colSpan} /></tr>}
            {visible.map((line, k) => (
              <LineRow
                key={`${String(line.pos ?? '')}-${String(line.subpos ?? '')}-${start + k}`}
                line={line}
                index={start + k}
                columns={columns}
                editable={editable}
                supplierView={supplierView}
                expanded={expanded === start + k}
                ctx={rowCtx}
                renderers={renderers}
                onCell={onCell}
                onRemove={readOnly ? undefined : onRemove}
                onToggle={onToggle}
              />
            ))}
            {end < n && <tr aria-hidden="true" style={{ height: total - offset(end) }}><td colSpan={colSpan} /></tr>}
            {n === 0 && (
              <tr>
                <td colSpan={colSpan} className="table-empty">{t('table.noData')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <button type="button" className="p-button p-button-outlined p-button-sm lines-add" data-testid="line-add" onClick={() => onChange?.([...lines, newLine(columns, lines)])}>
          <i className="pi pi-plus" aria-hidden="true" /> {t('documents.addLine')}
        </button>
      )}
      <span className="muted lines-count" data-testid="lines-count">{t('documents.lineCount', { count: n })}</span>
    </div>
  );
}

