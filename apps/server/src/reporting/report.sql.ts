import type { IntervalDef, MetricFunctionId } from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { FieldRecipe, SqlType } from './report.fields.ts';

/**
 * The one SQL shape every report compiles to (user queries and system pipelines):
 *
 *   with r as not materialized (            -- the rows: one per document (or line) in scope
 *     select <group values> g0.., <metric inputs> v0.., <reference names> n0.., created, id
 *     from documents d [join document_lines l] where <scope> and <filters>)
 *   select <outputs> from (
 *     select r.g0.., <aggregates> a0.. [, grouping(..) gs] from r [where <top N>]
 *     group by r.g0.. | grouping sets (..) [order by a0 desc limit n]) x
 *   [left join suppliers|users|groups k0 on k0.id = x.g0]      -- names after the aggregation
 *   [where <having>] order by .. limit ..
 *
 * Every value of the request is a bound parameter; the identifiers are this module's own aliases.
 * `not materialized` keeps PostgreSQL planning `r` into the query (a top-N filter reads it twice).
 */

export interface QueryGroup {
  field: FieldRecipe;
  interval: IntervalDef | null;
  skipEmpty: boolean;
}

export interface QueryAggregate {
  fn: MetricFunctionId;
  field: FieldRecipe | null;
}

export interface AggregateQuery {
  lines: boolean;
  /** the list filters read the joined supplier, requester or group (needsJoins) */
  joins: boolean;
  where: RawBuilder<boolean>[];
  groups: QueryGroup[];
  aggregates: QueryAggregate[];
  /** grouping sets as indices of `groups` (totals); absent: one group by all of them */
  sets?: number[][];
  /** keep only the `limit` values of group `group` with the highest first aggregate */
  topN?: Array<{ group: number; limit: number }>;
  /** one group and no sets: the values with the highest first aggregate, in the aggregation itself */
  innerLimit?: number;
  having?: RawBuilder<boolean>[];
  order: Array<{ expr: RawBuilder<unknown>; direction: 'asc' | 'desc' }>;
  limit: number;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const SECONDS = { second: 1, minute: 60, hour: 3600 } as const;

/** A timestamp (UTC, without zone) in its bucket: date_trunc, or n units counted from the epoch. */
export function bucket(value: RawBuilder<unknown>, interval: IntervalDef): RawBuilder<unknown> {
  const unit = interval.unit;
  if (unit === 'week')
    // weeks start on Sunday (seed 000 section 9); date_trunc's weeks start on Monday
    return sql`(date_trunc('week', ${value} + interval '1 day') - interval '1 day')`;
  if ((unit === 'second' || unit === 'minute' || unit === 'hour') && interval.n > 1) {
    const step = sql.lit(interval.n * SECONDS[unit]);
    return sql`(to_timestamp(floor(extract(epoch from ${value}) / ${step}) * ${step}) at time zone 'UTC')`;
  }
  return sql`date_trunc(${sql.lit(unit)}, ${value})`;
}

/** A value as the answer carries it: text (ISO 8601 for times, decimal text for numbers) or boolean. */
export function output(expr: RawBuilder<unknown>, type: SqlType | 'bigint'): RawBuilder<unknown> {
  switch (type) {
    case 'timestamp':
      return sql`to_char(${expr}, ${sql.raw(ISO)})`;
    case 'boolean':
      return expr;
    default:
      return sql`(${expr})::text`;
  }
}

/** The SQL type of an aggregate's result. */
export function aggregateType(a: QueryAggregate): SqlType | 'bigint' {
  if (a.fn === 'count') return 'bigint';
  if (a.fn === 'sum' || a.fn === 'average') return 'numeric';
  return a.field?.sqlType ?? 'text';
}

function aggregateExpr(a: QueryAggregate, i: number, lines: boolean): RawBuilder<unknown> {
  const v = sql.ref(`r.v${i}`);
  switch (a.fn) {
    case 'count':
      return a.field ? sql`count(${v})` : sql`count(*)`;
    case 'sum':
      return sql`sum(${v})`;
    case 'average':
      return sql`round(avg(${v}), ${sql.lit(a.field?.scale ?? 2)})`;
    case 'minimum':
      return sql`min(${v})`;
    case 'maximum':
      return sql`max(${v})`;
    case 'latest':
      // the value of the newest document (then its last line) that has one
      return sql`(array_agg(${v} order by r.t desc, r.i desc${lines ? sql`, r.p desc` : sql``})
        filter (where ${v} is not null))[1]`;
  }
}

/** The value a row groups by: a date in its bucket, else the field's value. */
const groupValue = (g: QueryGroup) => (g.interval ? bucket(g.field.value, g.interval) : g.field.value);

/** A row has a value to group by: not null (texts: not empty either, which also excludes null). */
const empty = (g: QueryGroup, value: RawBuilder<unknown>) =>
  g.field.sqlType === 'text' ? sql<boolean>`${value} <> ''` : sql<boolean>`${value} is not null`;

/** The typed value of group `i` for ordering and conditions: the name of a reference, else the value. */
export const groupRef = (q: AggregateQuery, i: number): RawBuilder<unknown> => {
  const named = q.groups[i]!.field.nameOf;
  if (!named) return sql.ref(`x.g${i}`);
  return 'table' in named ? sql.ref(`k${i}.name`) : sql.ref(`x.n${i}`);
};
export const aggregateRef = (i: number): RawBuilder<unknown> => sql.ref(`x.a${i}`);

export function aggregateSql(q: AggregateQuery): RawBuilder<Record<string, unknown>> {
  const latest = q.aggregates.some((a) => a.fn === 'latest');
  const rowColumns: RawBuilder<unknown>[] = [
    ...q.groups.map((g, i) => sql`${groupValue(g)} as ${sql.ref(`g${i}`)}`),
    ...q.groups.flatMap((g, i) =>
      g.field.nameOf && 'expr' in g.field.nameOf ? [sql`${g.field.nameOf.expr} as ${sql.ref(`n${i}`)}`] : [],
    ),
    ...q.aggregates.map((a, i) => sql`${a.field ? a.field.value : sql`null`} as ${sql.ref(`v${i}`)}`),
    ...(latest
      ? [
          sql`d.created_at as t`,
          sql`d.id as i`,
          ...(q.lines ? [sql`l.pos::bigint * 1000000 + l.subpos as p`] : []),
        ]
      : []),
  ];
  // a bucket is empty exactly when its date is: the raw value is tested (no second date_trunc per row)
  const where = [...q.where, ...q.groups.flatMap((g) => (g.skipEmpty ? [empty(g, g.field.value)] : []))];
  const from = sql.join(
    [
      sql`documents d`,
      ...(q.lines ? [sql`join document_lines l on l.document_id = d.id`] : []),
      ...(q.joins
        ? [
            sql`left join suppliers s on s.id = d.supplier_id`,
            sql`left join users r on r.id = d.requester_id`,
            sql`left join groups g on g.id = d.group_id`,
          ]
        : []),
    ],
    sql` `,
  );
  const rows = sql`select ${sql.join(rowColumns.length ? rowColumns : [sql`1 as one`])}
    from ${from} where ${sql.join(where, sql` and `)}`;

  const groupCols = q.groups.map((_, i) => sql.ref(`r.g${i}`));
  const aggCols = q.aggregates.map((a, i) => sql`${aggregateExpr(a, i, q.lines)} as ${sql.ref(`a${i}`)}`);
  const nameCols = q.groups.flatMap((g, i) =>
    g.field.nameOf && 'expr' in g.field.nameOf
      ? [sql`max(${sql.ref(`r.n${i}`)}) as ${sql.ref(`n${i}`)}`]
      : [],
  );
  const first = q.aggregates[0] ? aggregateExpr(q.aggregates[0], 0, q.lines) : sql`count(*)`;
  const top = (q.topN ?? []).map(({ group, limit }) => {
    const g = sql.ref(`r.g${group}`);
    return sql<boolean>`${g} in (select ${g} from r group by ${g} order by ${first} desc nulls last, ${g} limit ${limit})`;
  });
  const grouping = q.sets
    ? sql`grouping sets (${sql.join(
        q.sets.map(
          (set) =>
            sql`(${sql.join(
              set.map((i) => groupCols[i]!),
              sql`, `,
            )})`,
        ),
      )})`
    : sql.join(groupCols);
  const inner = sql`select ${sql.join([
    ...groupCols,
    ...nameCols,
    ...aggCols,
    ...(q.sets && groupCols.length ? [sql`grouping(${sql.join(groupCols)}) as gs`] : [sql`0 as gs`]),
  ])} from r
    ${top.length ? sql`where ${sql.join(top, sql` and `)}` : sql``}
    ${groupCols.length || q.sets ? sql`group by ${grouping}` : sql``}
    ${q.innerLimit ? sql`order by ${first} desc nulls last, ${groupCols[0]!} limit ${q.innerLimit}` : sql``}`;

  const joins = q.groups.flatMap((g, i) =>
    g.field.nameOf && 'table' in g.field.nameOf
      ? [
          sql`left join ${sql.table(g.field.nameOf.table)} ${sql.ref(`k${i}`)} on ${sql.ref(`k${i}.id`)} = ${sql.ref(`x.g${i}`)}`,
        ]
      : [],
  );
  const outputs = [
    ...q.groups.flatMap((g, i) => {
      const type: SqlType = g.interval ? 'timestamp' : g.field.sqlType;
      const named = g.field.nameOf ? [sql`${groupRef(q, i)} as ${sql.ref(`n${i}`)}`] : [];
      return [sql`${output(sql.ref(`x.g${i}`), type)} as ${sql.ref(`g${i}`)}`, ...named];
    }),
    ...q.aggregates.map((a, i) => sql`${output(aggregateRef(i), aggregateType(a))} as ${sql.ref(`a${i}`)}`),
    sql`x.gs`,
  ];
  const order = q.order.map((o) =>
    o.direction === 'desc' ? sql`${o.expr} desc nulls last` : sql`${o.expr} asc nulls last`,
  );
  return sql<Record<string, unknown>>`with r as not materialized (${rows})
    select ${sql.join(outputs)} from (${inner}) x ${sql.join(joins, sql` `)}
    ${q.having?.length ? sql`where ${sql.join(q.having, sql` and `)}` : sql``}
    ${order.length ? sql`order by ${sql.join(order)}` : sql``}
    limit ${q.limit}`;
}
