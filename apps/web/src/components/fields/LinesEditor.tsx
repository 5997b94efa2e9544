import './lines.css';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  VALUE_FIELDS,
  actsAsSupplier,
  defaultLineTax,
  lineFieldStates,
  type FieldConfig,
  type FieldState,
  type LineLike,
} from '@p2p/domain';
import {
  LINE_EXPANDED_HEIGHT,
  LINE_ROW_HEIGHT,
  LineRow,
  stickyClass,
  type Line,
  type LineCellRenderers,
} from './LineRow.tsx';
import { fieldLabel } from './rules.ts';
import type { FieldContext, FieldDef } from './types.ts';

export { LINE_ROW_HEIGHT, type Line, type LineCellRenderers };

/** The viewport of the windowed lines table (only the rows in view are rendered). */
export const LINES_VIEWPORT = 440;
const OVERSCAN = 6;

/** Line keys the server owns and never takes from a save (positions and computed values). */
const SERVER_LINE_KEYS: ReadonlySet<string> = new Set(['pos', 'subpos', ...VALUE_FIELDS]);

interface LinesEditorProps {
  id: string;
  field: FieldDef;
  lines: Line[];
  onChange?: (lines: Line[]) => void;
  disabled?: boolean;
  ctx?: FieldContext;
  renderers: LineCellRenderers;
}

/** The items of a table field that are field configs (a plain option list has none). */
const isFieldConfig = (item: unknown): item is FieldConfig =>
  typeof item === 'object' && item !== null && typeof (item as { src?: unknown }).src === 'string';

type CellState = (column: FieldConfig, line: Line) => FieldState;

/** The columns shown: those visible on some line (with no lines, on an empty one). */
function lineColumns(field: FieldDef, lines: Line[], stateOf: CellState): FieldConfig[] {
  const items = (field.items ?? []).filter(isFieldConfig);
  const probe = lines.length ? lines : [{}];
  return items.filter((c) => probe.some((l) => stateOf(c, l).visible));
}

/**
 * A new line: the next position, quantity 1, the columns' defaults, and the document's default tax
 * (defaultLineTax: the header's tax, else the last line's, else the first deductible code).
 */
export function newLine(columns: FieldConfig[], lines: Line[], ctx?: FieldContext): Line {
  const pos = lines.reduce((m, l) => Math.max(m, typeof l.pos === 'number' ? l.pos : 0), 0) + 10;
  const line: Line = { pos, subpos: 0, quantity: '1', price: '0' };
  for (const c of columns) if (c.default !== undefined && line[c.src] === undefined) line[c.src] = c.default;
  if (columns.some((c) => c.src === 'tax') && line.tax === undefined) {
    const codes = (ctx?.options?.['purchasing.taxCodes'] ?? []) as unknown as Parameters<
      typeof defaultLineTax
    >[1];
    const tax = defaultLineTax({ ...(ctx?.doc ?? {}), lines } as Parameters<typeof defaultLineTax>[0], codes);
    if (tax) line.tax = tax;
  }
  return line;
}

const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

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
  const same =
    prev &&
    keys.length === Object.keys(prev.from).length &&
    keys.every(
      (k) => k === 'doc' || (ctx as Record<string, unknown>)[k] === (prev.from as Record<string, unknown>)[k],
    );
  if (same) return prev.ctx;
  const rowCtx = { ...ctx } as FieldContext;
  Object.defineProperty(rowCtx, 'doc', { enumerable: true, get: () => live.current?.doc });
  stable.current = { from: ctx, ctx: rowCtx };
  return rowCtx;
}

/**
 * The lines of a document in a windowed table: only the rows in view (plus a few) are rendered, so
 * thousands of lines stay smooth. One line at a time can open its price conditions editor.
 */
export function LinesEditor({ id, field, lines, onChange, disabled, ctx, renderers }: LinesEditorProps) {
  const { t, i18n } = useTranslation();
  const [scrollTop, setScrollTop] = useState(0);
  const [expanded, setExpanded] = useState(-1);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The shared field rules of a line cell (the server applies the same on save), for the current
  // document. Rows are memoised and re-render only when their line changes: they read the latest
  // rules through a ref, so an edit of one line does not re-render the others.
  const doc = ctx?.doc;
  const user = ctx?.user;
  const mode = ctx?.mode ?? (onChange ? 'edit' : 'view');
  const stateOf = useMemo(
    () => lineFieldStates({ doc: doc ?? {}, user: user ?? null, mode }),
    [doc, user, mode],
  );
  const cellState: CellState = (c, line) => stateOf(c, line as LineLike);
  const stateRef = useRef(cellState);
  stateRef.current = cellState;

  // keep the columns and the context the rows get stable across the form's re-renders
  const columnsRef = useRef<FieldConfig[]>([]);
  // a column hidden on every line (hiddenIfNull) is only known after reading them all: once per
  // change of the lines or the rules, not on every render
  const nextColumns = useMemo(
    () => lineColumns(field, lines, (c, line) => stateOf(c, line as LineLike)),
    [field, lines, stateOf],
  );
  if (!sameItems(nextColumns, columnsRef.current)) columnsRef.current = nextColumns;
  const columns = columnsRef.current;
  const lang = i18n.language;
  const labels = useMemo(
    () => Object.fromEntries(columns.map((c) => [c.src, fieldLabel(c, lang)])),
    [columns, lang],
  );
  const rowCtx = useRowContext(ctx);
  const supplierView = actsAsSupplier(user);
  const readOnly = disabled || !onChange;
  const cellVisible = useCallback((c: FieldConfig, line: Line) => stateRef.current(c, line).visible, []);
  const editable = useCallback(
    (c: FieldConfig, line: Line) =>
      !readOnly && !SERVER_LINE_KEYS.has(c.src.split('.')[0]!) && stateRef.current(c, line).editable,
    // the user and mode change what the rules answer: rows re-render then
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [readOnly, user, mode],
  );
  const onCell = useCallback((index: number, src: string, value: unknown) => {
    const next = linesRef.current.slice();
    next[index] = { ...next[index], [src]: value };
    onChangeRef.current?.(next);
  }, []);
  const onPatch = useCallback((index: number, patch: Line) => {
    const next = linesRef.current.slice();
    next[index] = { ...next[index], ...patch };
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
  if (extra && first > expanded)
    first = Math.max(expanded, Math.floor((scrollTop - extra) / LINE_ROW_HEIGHT));
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(n, first + Math.ceil(LINES_VIEWPORT / LINE_ROW_HEIGHT) + OVERSCAN);
  const visible = lines.slice(start, end);
  const colSpan = columns.length + (readOnly ? 0 : 1);

  return (
    <div
      className={`lines-editor${readOnly ? '' : ' lines-editor--editing'}`}
      id={id}
      data-testid="lines-editor"
      data-count={n}
    >
      <div
        className="lines-viewport"
        data-testid="lines-viewport"
        // a scrolling region reachable by keyboard even before it holds an input (WCAG 2.1.1)
        role="region"
        aria-label={t('documents.linesRegion')}
        tabIndex={0}
        style={{ maxHeight: LINES_VIEWPORT + 48, overflow: 'auto' }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <table className="lines-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.src}
                  scope="col"
                  className={
                    [c.type === 'number' ? 'cell-right' : '', stickyClass(c.src) ?? '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  {labels[c.src]}
                  {c.required && !readOnly && editable(c, lines[0] ?? {}) && (
                    <span className="field-required" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  )}
                </th>
              ))}
              {!readOnly && (
                <th scope="col" className="lines-sticky-remove">
                  <span className="sr-only">{t('documents.removeLine')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {start > 0 && (
              <tr aria-hidden="true" style={{ height: offset(start) }}>
                <td colSpan={colSpan} />
              </tr>
            )}
            {visible.map((line, k) => (
              <LineRow
                key={`${String(line.pos ?? '')}-${String(line.subpos ?? '')}-${start + k}`}
                line={line}
                index={start + k}
                columns={columns}
                visible={cellVisible}
                editable={editable}
                supplierView={supplierView}
                expanded={expanded === start + k}
                ctx={rowCtx}
                renderers={renderers}
                labels={labels}
                onCell={onCell}
                onPatch={onPatch}
                onRemove={readOnly ? undefined : onRemove}
                onToggle={onToggle}
              />
            ))}
            {end < n && (
              <tr aria-hidden="true" style={{ height: total - offset(end) }}>
                <td colSpan={colSpan} />
              </tr>
            )}
            {n === 0 && (
              <tr>
                <td colSpan={colSpan} className="table-empty">
                  {t('table.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <button
          type="button"
          className="p-button p-button-outlined p-button-sm lines-add"
          data-testid="line-add"
          onClick={() => onChange?.([...lines, newLine(columns, lines, ctx)])}
        >
          <i className="pi pi-plus" aria-hidden="true" /> {t('documents.addLine')}
        </button>
      )}
      <span className="muted lines-count" data-testid="lines-count">
        {t('documents.lineCount', { count: n })}
      </span>
    </div>
  );
}
