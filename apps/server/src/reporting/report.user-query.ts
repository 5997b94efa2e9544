import {
  DEFAULT_INTERVAL,
  fieldKey,
  metricAllows,
  metricKeys,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type CleanAggregation,
  type ResultField,
} from '@p2p/domain';
import { sql } from 'kysely';
import { drillFilter, type DrillPart } from './report.drill.ts';
import type { FieldRecipe } from './report.fields.ts';
import {
  countValue,
  fieldOf,
  groupField,
  intervalOf,
  metricLabel,
  refuse,
  tableOptions,
  type CompiledReport,
  type ReportContext,
} from './report.source.ts';
import { aggregateRef, aggregateType, groupRef, type AggregateQuery, type QueryGroup } from './report.sql.ts';

/**
 * A user query (group-by rows, metrics, sorts, rollupColumns) compiled to the report SQL, and its
 * rows turned into the answer: one item per row group, the column groups (direction 'column')
 * pivoted into one column per value and metric, totals (rollupColumns) per row over the columns,
 * or a total row when nothing is pivoted. Every item carries its drill-down filter.
 */

/** SQL rows of a pivot at most (rows x columns); the items and columns are capped after it. */
const PIVOT_SQL_ROWS = 50_000;

export function compileUserQuery(ctx: ReportContext, agg: CleanAggregation): CompiledReport {
  const groups: QueryGroup[] = agg.groupBy.map((g, i) => {
    const field = fieldOf(ctx, g.field, `aggregation.groupBy.${i}.field`);
    if (!field.group) refuse(`aggregation.groupBy.${i}.field`, `Reports cannot group by '${g.field}'.`);
    const date = field.sqlType === 'timestamp';
    // a date groups by its interval (1 s to 1 y), and leaves out documents without one
    return {
      field,
      interval: date ? intervalOf(g.interval ?? DEFAULT_INTERVAL) : null,
      skipEmpty: date || g.skipEmpty,
    };
  });
  const aggregates = agg.metrics.map((m, i) => {
    const field = m.field ? fieldOf(ctx, m.field, `aggregation.metrics.${i}.field`) : null;
    if (!field && m.function !== 'count')
      refuse(`aggregation.metrics.${i}.field`, REPORT_MESSAGES.fieldRequired);
    if (field && ctx.lines && !field.lines)
      refuse(`aggregation.metrics.${i}.field`, `Metrics of ${ctx.source} take fields of the lines.`);
    if (field && !metricAllows(m.function, field.dataType))
      refuse(`aggregation.metrics.${i}.function`, `'${m.function}' does not apply to '${field.id}'.`);
    return { fn: m.function, field };
  });
  const keys = metricKeys(agg.metrics);
  const rowIdx = agg.groupBy.flatMap((g, i) => (g.direction === 'row' ? [i] : []));
  const colIdx = agg.groupBy.flatMap((g, i) => (g.direction === 'column' ? [i] : []));
  const pivot = colIdx.length > 0 && aggregates.length > 0;
  const rollup = agg.rollupColumns && groups.length > 0;
  const limited = agg.groupBy.flatMap((g, i) =>
    g.limit && !groups[i]!.interval ? [{ group: i, limit: g.limit }] : [],
  );
  const single = groups.length === 1 && !rollup;

  const query: AggregateQuery = {
    lines: ctx.lines,
    joins: ctx.joins,
    where: ctx.where,
    groups,
    aggregates,
    order: [],
    limit: pivot ? PIVOT_SQL_ROWS + 1 : REPORT_LIMITS.rows + 2,
  };
  if (rollup) query.sets = [agg.groupBy.map((_, i) => i), pivot ? rowIdx : []];
  if (single && limited.length) query.innerLimit = limited[0]!.limit;
  else if (limited.length) query.topN = limited;
  // totals first (a cap never cuts them), then the sorts, then the row groups in their order
  const sortIdx = new Map(agg.groupBy.map((g, i) => [g.field, i]));
  const keyIdx = new Map(keys.map((k, i) => [k, i]));
  query.order.push({ expr: sql.ref('x.gs'), direction: 'desc' });
  for (const s of agg.sort) {
    const g = sortIdx.get(s.field);
    const a = keyIdx.get(s.field);
    if (g !== undefined) query.order.push({ expr: groupRef(query, g), direction: s.direction });
    else if (a !== undefined) query.order.push({ expr: aggregateRef(a), direction: s.direction });
  }
  for (const i of [...rowIdx, ...colIdx]) query.order.push({ expr: groupRef(query, i), direction: 'asc' });

  const gKey = (i: number) => fieldKey(agg.groupBy[i]!.field);
  const metricFields: ResultField[] = aggregates.map((a, i) => ({
    src: keys[i]!,
    label: metricLabel(a.fn, a.field, agg.metrics[i]!.name, ctx.lang),
    role: 'metric',
    dataType:
      a.fn === 'count' || a.fn === 'sum' || a.fn === 'average' ? 'number' : (a.field?.dataType ?? 'number'),
    type: a.field?.type ?? null,
    format: a.fn === 'count' ? '#,##0' : (a.field?.format ?? null),
    field: a.field?.id ?? null,
    function: a.fn,
    interval: null,
    column: null,
  }));
  const metricValue = (row: Record<string, unknown>, i: number) =>
    aggregateType(aggregates[i]!) === 'bigint' ? countValue(row[`a${i}`]) : (row[`a${i}`] ?? null);
  const part = (row: Record<string, unknown>, i: number): DrillPart => ({
    field: groups[i]!.field,
    interval: groups[i]!.interval,
    value: row[`g${i}`],
  });
  const groupValues = (row: Record<string, unknown>, idx: number[]) => {
    const out: Record<string, unknown> = {};
    for (const i of idx) {
      const field: FieldRecipe = groups[i]!.field;
      out[gKey(i)] = field.nameOf ? (row[`n${i}`] ?? null) : (row[`g${i}`] ?? null);
      if (field.nameOf) out[`${gKey(i)}_id`] = row[`g${i}`] ?? null;
    }
    return out;
  };
  const groupFields = (idx: number[]) =>
    idx.map((i) => groupField(groups[i]!.field, gKey(i), groups[i]!.interval?._id ?? null, ctx.lang));

  const shape: CompiledReport['shape'] = (rows) => {
    const detail = rows.filter((r) => Number(r.gs) === 0);
    const totals = rows.filter((r) => Number(r.gs) !== 0);
    if (!pivot) {
      const truncated = detail.length > REPORT_LIMITS.rows;
      const items = detail.slice(0, REPORT_LIMITS.rows).map((row) => {
        const item: Record<string, unknown> = groupValues(
          row,
          agg.groupBy.map((_, i) => i),
        );
        aggregates.forEach((_, i) => (item[keys[i]!] = metricValue(row, i)));
        item._filter = drillFilter(
          ctx.drill,
          agg.groupBy.map((_, i) => part(row, i)),
        );
        return item;
      });
      for (const row of totals) {
        const item: Record<string, unknown> = { _total: true };
        aggregates.forEach((_, i) => (item[keys[i]!] = metricValue(row, i)));
        item._filter = drillFilter(ctx.drill, []);
        items.push(item);
      }
      return {
        items,
        fields: [...groupFields(agg.groupBy.map((_, i) => i)), ...metricFields],
        tableOptions: tableOptions(items.length, truncated, ctx.model.name),
      };
    }
    return pivotShape(detail, totals);
  };

  function pivotShape(detail: Array<Record<string, unknown>>, totals: Array<Record<string, unknown>>) {
    const columns = new Map<string, { row: Record<string, unknown>; index: number }>();
    const items = new Map<string, Record<string, unknown>>();
    const id = (row: Record<string, unknown>, idx: number[]) => JSON.stringify(idx.map((i) => row[`g${i}`]));
    let truncated = detail.length > PIVOT_SQL_ROWS;
    for (const row of detail.slice(0, PIVOT_SQL_ROWS)) {
      const c = id(row, colIdx);
      if (!columns.has(c)) {
        if (columns.size >= REPORT_LIMITS.columns) {
          truncated = true;
          continue;
        }
        columns.set(c, { row, index: columns.size });
      }
      const r = id(row, rowIdx);
      let item = items.get(r);
      if (!item) {
        if (items.size >= REPORT_LIMITS.rows) {
          truncated = true;
          continue;
        }
        item = {
          ...groupValues(row, rowIdx),
          _filters: {},
          _filter: drillFilter(
            ctx.drill,
            rowIdx.map((i) => part(row, i)),
          ),
        };
        items.set(r, item);
      }
      const column = columns.get(c)!;
      aggregates.forEach((_, i) => {
        const cell = `${keys[i]}__c${column.index}`;
        item[cell] = metricValue(row, i);
        (item._filters as Record<string, string | null>)[cell] = drillFilter(ctx.drill, [
          ...rowIdx.map((k) => part(row, k)),
          ...colIdx.map((k) => part(row, k)),
        ]);
      });
    }
    for (const row of totals) {
      const item = items.get(id(row, rowIdx));
      if (item) aggregates.forEach((_, i) => (item[`${keys[i]}__total`] = metricValue(row, i)));
    }
    const columnLabel = (row: Record<string, unknown>) =>
      colIdx.map((i) => String((groups[i]!.field.nameOf ? row[`n${i}`] : row[`g${i}`]) ?? '')).join(' / ');
    const ordered = [...columns.values()].sort((a, b) =>
      compareValues(
        colIdx.map((i) => a.row[`g${i}`]),
        colIdx.map((i) => b.row[`g${i}`]),
      ),
    );
    const cells: ResultField[] = ordered.flatMap(({ row, index }) =>
      metricFields.map((m) => ({
        ...m,
        src: `${m.src}__c${index}`,
        label: `${columnLabel(row)} · ${m.label}`,
        column: columnLabel(row),
      })),
    );
    const totalFields: ResultField[] = rollup
      ? metricFields.map((m) => ({ ...m, src: `${m.src}__total`, role: 'total' }))
      : [];
    const list = [...items.values()];
    return {
      items: list,
      fields: [...groupFields(rowIdx), ...cells, ...totalFields],
      tableOptions: tableOptions(list.length, truncated, ctx.model.name),
    };
  }

  return { query, shape };
}

const NUMBER = /^-?\d+(\.\d+)?$/;
/** Column values in ascending order: numbers as numbers, the rest as text; empty last. */
function compareValues(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const [sx, sy] = [String(x), String(y)];
    const c = NUMBER.test(sx) && NUMBER.test(sy) ? Number(sx) - Number(sy) : sx.localeCompare(sy);
    if (c) return c;
  }
  return 0;
}
