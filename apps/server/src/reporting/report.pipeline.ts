import {
  intervalDef,
  metricAllows,
  REPORT_LIMITS,
  type Accumulator,
  type AccumulatorOperator,
  type MatchCondition,
  type MetricFunctionId,
  type PipelineStage,
  type ResultField,
  type PipelineScalar,
} from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import { drillFilter, type DrillPart } from './report.drill.ts';
import type { FieldRecipe, SqlType } from './report.fields.ts';
import {
  countValue,
  fieldOf,
  groupField,
  labelOf,
  refuse,
  tableOptions,
  type CompiledReport,
  type ReportContext,
} from './report.source.ts';
import {
  aggregateRef,
  aggregateType,
  groupRef,
  type AggregateQuery,
  type QueryAggregate,
  type QueryGroup,
} from './report.sql.ts';

/**
 * A system query's pipeline (parsed and checked by parsePipeline of the domain) compiled to the
 * report SQL: $match before $group filters the rows, after it the groups; $group groups and
 * aggregates; $project keeps or renames what $group computed; $sort, $limit and $count shape the
 * answer. Fields are those of the data source (its lines after $unwind); values are bound with a
 * cast to the field's type and checked to be of it first; names become this module's aliases.
 */

const ACCUMULATOR_FUNCTIONS: Readonly<Record<AccumulatorOperator, MetricFunctionId>> = {
  $sum: 'sum',
  $avg: 'average',
  $min: 'minimum',
  $max: 'maximum',
  $count: 'count',
  $last: 'latest',
};
const CAST: Readonly<Record<Exclude<SqlType, 'jsonb'> | 'bigint', string>> = {
  text: 'text',
  numeric: 'numeric',
  timestamp: 'timestamp',
  boolean: 'boolean',
  bigint: 'numeric',
};
const NUMERIC = /^-?\d{1,20}(\.\d{1,10})?$/;
const TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A value of the request as a parameter of the field's type; refused when it is not one. */
function typed(type: SqlType | 'bigint', v: PipelineScalar, at: string): RawBuilder<unknown> {
  if (type === 'jsonb') return refuse(at, 'Lists and objects can only be compared with null.');
  const cast = sql.raw(CAST[type]);
  if (type === 'numeric' || type === 'bigint') {
    const text = String(v);
    if ((typeof v !== 'number' && typeof v !== 'string') || !NUMERIC.test(text))
      refuse(at, 'Expected a number.');
    return sql`${text}::${cast}`;
  }
  if (type === 'timestamp') {
    const t = typeof v === 'string' && TIME.test(v) ? new Date(v.length === 10 ? `${v}T00:00:00Z` : v) : null;
    if (!t || Number.isNaN(t.getTime())) refuse(at, 'Expected a date (yyyy-MM-dd or an ISO time).');
    // the rows hold times in UTC without zone
    return sql`${t!.toISOString().slice(0, 23)}::${cast}`;
  }
  if (type === 'boolean') {
    if (typeof v !== 'boolean') refuse(at, 'Expected true or false.');
    return sql`${v}::${cast}`;
  }
  if (typeof v !== 'string') refuse(at, 'Expected a text.');
  return sql`${v}::${cast}`;
}

function condition(expr: RawBuilder<unknown>, type: SqlType | 'bigint', c: MatchCondition, at: string) {
  if (c.value === null) {
    if (c.operator === '$eq') return sql<boolean>`${expr} is null`;
    if (c.operator === '$ne') return sql<boolean>`${expr} is not null`;
    return refuse(at, `${c.operator} cannot compare with null.`);
  }
  if (c.operator === '$in') {
    const values = (c.value as PipelineScalar[]).map((v, i) => typed(type, v, `${at}.$in.${i}`));
    return values.length ? sql<boolean>`${expr} in (${sql.join(values)})` : sql<boolean>`false`;
  }
  const v = typed(type, c.value as PipelineScalar, at);
  const ops = { $eq: '=', $ne: 'is distinct from', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
  return sql<boolean>`${expr} ${sql.raw(ops[c.operator as keyof typeof ops])} ${v}`;
}

type Name = { kind: 'key'; index: number } | { kind: 'acc'; index: number } | { kind: 'id' };

export function compilePipeline(start: ReportContext, stages: readonly PipelineStage[]): CompiledReport {
  let ctx = start;
  const where = [...ctx.where];
  const drillParts: DrillPart[] = [];
  const drillKeys = new Set<string>();
  let drillable = true;
  let groupStage: Extract<PipelineStage, { stage: '$group' }> | null = null;
  const groups: QueryGroup[] = [];
  const aggregates: QueryAggregate[] = [];
  const names = new Map<string, Name>();
  const having: RawBuilder<boolean>[] = [];
  let project: Extract<PipelineStage, { stage: '$project' }> | null = null;
  let sortKeys: Array<{ name: string; direction: 'asc' | 'desc' }> = [];
  let limit: number | null = null;
  let count: string | null = null;

  for (const [i, s] of stages.entries()) {
    const at = `aggregation.pipeline.${i}`;
    if (s.stage === '$unwind') {
      if (!ctx.hasLines) refuse(at, `${ctx.model.name} has no lines.`);
      ctx = { ...ctx, lines: true, drill: { ...ctx.drill, lines: true } };
    } else if (s.stage === '$match' && !groupStage) {
      for (const c of s.conditions) {
        const field = fieldOf(ctx, c.field, `${at}.$match.${c.field}`);
        where.push(condition(field.value, field.sqlType, c, `${at}.$match.${c.field}`));
        // equality and $in on a field the list filters by are part of the drill-down; others end it
        const simple =
          c.operator === '$eq' || (c.operator === '$in' && (c.value as PipelineScalar[]).length > 0);
        const key = field.drill?.kind === 'equal' ? field.drill.key : null;
        if (key && simple && c.value !== null && !drillKeys.has(key)) {
          drillKeys.add(key);
          drillParts.push({ field, interval: null, value: c.value });
        } else drillable = false;
      }
    } else if (s.stage === '$match') {
      for (const c of s.conditions) {
        const name = names.get(c.field);
        if (!name || name.kind === 'id')
          refuse(`${at}.$match.${c.field}`, `'${c.field}' is not a name computed by $group.`);
        const ref = name.kind === 'key' ? sql.ref(`x.g${name.index}`) : aggregateRef(name.index);
        const type =
          name.kind === 'key' ? keyType(groups[name.index]!) : aggregateType(aggregates[name.index]!);
        having.push(condition(ref, type, c, `${at}.$match.${c.field}`));
      }
    } else if (s.stage === '$group') {
      groupStage = s;
      s.keys.forEach((k, j) => {
        const here = `${at}.$group._id${k.name ? `.${k.name}` : ''}`;
        const field = fieldOf(ctx, k.field, here);
        if (!field.group && !k.interval) refuse(here, `Reports cannot group by '${k.field}'.`);
        if (k.interval && field.sqlType !== 'timestamp') refuse(here, `$dateTrunc takes a date field.`);
        groups.push({ field, interval: k.interval ? intervalDef(k.interval)! : null, skipEmpty: false });
        names.set(k.name ?? '_id', { kind: 'key', index: j });
      });
      if (s.keys.length !== 1 || s.keys[0]!.name) names.set('_id', { kind: 'id' });
      s.accumulators.forEach((a: Accumulator, j) => {
        const here = `${at}.$group.${a.name}`;
        if (names.has(a.name)) refuse(here, `'${a.name}' is computed twice.`);
        const fn = ACCUMULATOR_FUNCTIONS[a.operator];
        const field = a.field ? fieldOf(ctx, a.field, here) : null;
        if (field && !metricAllows(fn, field.dataType))
          refuse(here, `${a.operator} does not apply to '${field.id}'.`);
        aggregates.push({ fn, field });
        names.set(a.name, { kind: 'acc', index: j });
      });
    } else if (s.stage === '$project') {
      if (!groupStage) refuse(at, '$project comes after $group.');
      for (const f of s.fields)
        if (!names.has(f.from.split('.')[0]!))
          refuse(`${at}.$project.${f.name}`, `'${f.from}' is not a name computed by $group.`);
      project = s;
    } else if (s.stage === '$sort') {
      if (!groupStage) refuse(at, '$sort comes after $group.');
      sortKeys = s.keys;
    } else if (s.stage === '$limit') {
      if (!groupStage) refuse(at, '$limit comes after $group.');
      limit = s.n;
    } else if (s.stage === '$count') count = s.name;
  }
  if (!groupStage && count === null)
    refuse('aggregation.pipeline', 'A pipeline needs a $group, or ends with $count.');
  if (!groupStage) aggregates.push({ fn: 'count', field: null });

  const query: AggregateQuery = {
    lines: ctx.lines,
    joins: ctx.joins,
    where,
    groups,
    aggregates,
    having,
    order: [],
    limit: Math.min(limit ?? REPORT_LIMITS.rows + 1, REPORT_LIMITS.rows + 1),
  };
  const renamed = new Map(project?.fields.map((f) => [f.name, f.from]) ?? []);
  for (const k of sortKeys) {
    const target = names.get(renamed.get(k.name) ?? k.name);
    if (!target) refuse('aggregation.pipeline', `$sort: '${k.name}' is not a name of the rows.`);
    if (target.kind === 'acc') query.order.push({ expr: aggregateRef(target.index), direction: k.direction });
    else {
      const keys = target.kind === 'key' ? [target.index] : groups.map((_, j) => j);
      for (const j of keys) query.order.push({ expr: groupRef(query, j), direction: k.direction });
    }
  }
  if (!sortKeys.length)
    groups.forEach((_, j) => query.order.push({ expr: groupRef(query, j), direction: 'asc' }));
  if (count !== null) {
    const name = count;
    return {
      query: groupStage ? { ...query, limit: REPORT_LIMITS.rows * 1000 } : query,
      ...(groupStage ? { countGroups: name } : {}),
      shape: (rows) => {
        const n = groupStage ? countValue(rows[0]?.n) : countValue(rows[0]?.a0);
        const item = {
          [name]: n ?? 0,
          _filter: !groupStage && drillable ? drillFilter(ctx.drill, drillParts) : null,
        };
        return {
          items: [item],
          fields: [valueField(name, 'count')],
          tableOptions: tableOptions(1, false, ctx.model.name),
        };
      },
    };
  }

  const g = groupStage;
  const shape: CompiledReport['shape'] = (rows) => {
    const truncated = limit === null && rows.length > REPORT_LIMITS.rows;
    const items = rows.slice(0, REPORT_LIMITS.rows).map((row) => {
      const source: Record<string, unknown> = {};
      const key = (j: number) => (groups[j]!.field.nameOf ? row[`n${j}`] : undefined);
      if (g?.keys.length === 1 && !g.keys[0]!.name) {
        source._id = row.g0 ?? null;
        if (groups[0]!.field.nameOf) source._id_name = key(0) ?? null;
      } else if (g) {
        const id: Record<string, unknown> = {};
        g.keys.forEach((k, j) => {
          id[k.name!] = row[`g${j}`] ?? null;
          if (groups[j]!.field.nameOf) id[`${k.name}_name`] = key(j) ?? null;
        });
        source._id = g.keys.length ? id : null;
      }
      aggregates.forEach((a, j) => {
        source[g!.accumulators[j]!.name] =
          aggregateType(a) === 'bigint' ? countValue(row[`a${j}`]) : (row[`a${j}`] ?? null);
      });
      const item = projected(source, project);
      const parts = groups.map((q, j) => ({ field: q.field, interval: q.interval, value: row[`g${j}`] }));
      item._filter = drillable ? drillFilter(ctx.drill, [...drillParts, ...parts]) : null;
      return item;
    });
    return {
      items,
      fields: resultFields(),
      tableOptions: tableOptions(items.length, truncated, ctx.model.name),
    };
  };

  function resultFields(): ResultField[] {
    const out: ResultField[] = [];
    const keyFields = (prefix: string, name: string | null, j: number) => {
      const q = groups[j]!;
      const src = name ? `${prefix}.${name}` : prefix;
      out.push({
        ...groupField(q.field, q.field.nameOf ? `${src}_name` : src, q.interval?._id ?? null, ctx.lang),
        label: name ?? labelOf(q.field.label, ctx.lang),
      });
    };
    const add = (outName: string, from: string) => {
      const [head, sub] = from.split('.');
      const target = names.get(head!);
      if (!target) return;
      if (target.kind === 'acc')
        out.push(valueField(outName, aggregates[target.index]!.fn, aggregates[target.index]!.field));
      else if (target.kind === 'key') keyFields(outName, null, target.index);
      else g!.keys.forEach((k, j) => (!sub || sub === k.name) && keyFields(outName, k.name, j));
    };
    if (project) for (const f of project.fields) add(f.name, f.from);
    else {
      if (g?.keys.length) add('_id', '_id');
      g?.accumulators.forEach((a) => add(a.name, a.name));
    }
    return out;
  }

  return { query, shape };
}

const keyType = (g: QueryGroup): SqlType => (g.interval ? 'timestamp' : g.field.sqlType);

function valueField(name: string, fn: MetricFunctionId, field: FieldRecipe | null = null): ResultField {
  return {
    src: name,
    label: name,
    role: 'value',
    dataType: fn === 'count' || fn === 'sum' || fn === 'average' ? 'number' : (field?.dataType ?? 'number'),
    type: field?.type ?? null,
    format: fn === 'count' ? '#,##0' : (field?.format ?? null),
    field: field?.id ?? null,
    function: fn,
    interval: null,
    column: null,
  };
}

/** The row as $project shapes it: kept and renamed names; `_id` unless dropped. */
function projected(
  source: Record<string, unknown>,
  project: Extract<PipelineStage, { stage: '$project' }> | null,
): Record<string, unknown> {
  if (!project) return source;
  const out: Record<string, unknown> = {};
  if (!project.dropId && '_id' in source && !project.fields.some((f) => f.name === '_id'))
    out._id = source._id;
  for (const f of project.fields) {
    const [head, sub] = f.from.split('.');
    const value = source[head!];
    out[f.name] = sub && value && typeof value === 'object' ? (value as Record<string, unknown>)[sub] : value;
    if (!sub && `${head}_name` in source) out[`${f.name}_name`] = source[`${head}_name`];
  }
  return out;
}
