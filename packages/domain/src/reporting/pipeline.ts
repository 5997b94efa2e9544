/**
 * The pipeline of a system query: a documented subset of aggregation stages, read into a typed
 * form that the server compiles to SQL (every value a bound parameter, every field checked against
 * the data source's fields, every name mapped to a column alias of its own). Anything else is
 * refused with the stage and the reason.
 *
 *   [{ "$unwind": "$lines" }]                                  lines of the documents (before $group)
 *   [{ "$match": { "field": value, "field": { "$in": [..] } } }] $eq (a value), $in, $gt, $gte, $lt,
 *                                                              $lte, $ne; before $group on fields,
 *                                                              after it on the names it computes
 *   [{ "$group": { "_id": "$field" | { "name": "$field" } | null,
 *                  "total": { "$sum": "$value" | 1 }, ... } }] $sum, $avg, $min, $max, $count, $last;
 *                                                              a key may be { "$dateTrunc":
 *                                                              { "date": "$field", "unit": "month" } }
 *   [{ "$project": { "name": 1, "other": "$name", "_id": 0 } }] keep or rename computed names
 *   [{ "$sort": { "name": -1 } }], [{ "$limit": 10 }]           after $group (or on document rows)
 *   [{ "$count": "name" }]                                      the number of rows, last
 */
import type { ApiFieldError } from '../api/contract.ts';
import { REPORT_LIMITS } from './constants.ts';

export type PipelineScalar = string | number | boolean | null;
export type MatchOperator = '$eq' | '$in' | '$gt' | '$gte' | '$lt' | '$lte' | '$ne';
export type AccumulatorOperator = '$sum' | '$avg' | '$min' | '$max' | '$count' | '$last';

export interface MatchCondition {
  /** a field id before $group, a computed name after it */
  field: string;
  operator: MatchOperator;
  value: PipelineScalar | PipelineScalar[];
}

export interface GroupKey {
  /** the name of the key in a compound _id; null: _id is the value itself */
  name: string | null;
  field: string;
  /** $dateTrunc: the interval id (1y, 3M, 1M, 1w, 1d, 1h, 1m, 1s) */
  interval: string | null;
}

export interface Accumulator {
  name: string;
  operator: AccumulatorOperator;
  /** null: the rows themselves ($count, $sum: 1) */
  field: string | null;
}

export type PipelineStage =
  | { stage: '$unwind' }
  | { stage: '$match'; conditions: MatchCondition[] }
  | { stage: '$group'; keys: GroupKey[]; accumulators: Accumulator[] }
  | { stage: '$project'; fields: Array<{ name: string; from: string }>; dropId: boolean }
  | { stage: '$sort'; keys: Array<{ name: string; direction: 'asc' | 'desc' }> }
  | { stage: '$limit'; n: number }
  | { stage: '$count'; name: string };

export const PIPELINE_STAGES = [
  '$match',
  '$group',
  '$project',
  '$unwind',
  '$sort',
  '$limit',
  '$count',
] as const;
const MATCH_OPERATORS: readonly MatchOperator[] = ['$eq', '$in', '$gt', '$gte', '$lt', '$lte', '$ne'];
const ACCUMULATORS: readonly AccumulatorOperator[] = ['$sum', '$avg', '$min', '$max', '$count', '$last'];
const DATE_TRUNC_UNITS: Readonly<Record<string, string>> = {
  year: '1y',
  quarter: '3M',
  month: '1M',
  week: '1w',
  day: '1d',
  hour: '1h',
  minute: '1m',
  second: '1s',
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const FIELD = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*){0,7}$/;
const MAX_TEXT = 500;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class PipelineError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (field: string, message: string): never => {
  throw new PipelineError(field, message);
};

function scalar(v: unknown, at: string): PipelineScalar {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : refuse(at, 'Numbers must be finite.');
  if (typeof v === 'string') {
    if (v.length > MAX_TEXT) refuse(at, `Texts are limited to ${MAX_TEXT} characters.`);
    if (v.startsWith('$')) refuse(at, 'A value cannot name a field ($).');
    return v;
  }
  return refuse(at, 'Only texts, numbers, booleans and null can be compared.');
}

function name(v: string, at: string): string {
  if (!NAME.test(v)) refuse(at, `'${v.slice(0, 80)}' is not a valid name (letters, digits and _).`);
  return v;
}

/** '$field' -> 'field'. */
function fieldRef(v: unknown, at: string): string {
  if (typeof v !== 'string' || !v.startsWith('$'))
    return refuse(at, 'Expected a field reference ("$field").');
  const field = v.slice(1);
  if (!FIELD.test(field)) refuse(at, `'${v.slice(0, 80)}' is not a valid field reference.`);
  return field;
}

function match(spec: unknown, at: string): MatchCondition[] {
  if (!isObject(spec) || !Object.keys(spec).length)
    return refuse(at, '$match takes an object of conditions.');
  const out: MatchCondition[] = [];
  for (const [field, cond] of Object.entries(spec)) {
    const here = `${at}.${field}`;
    if (field.startsWith('$')) refuse(here, `Operator '${field}' is not supported in $match.`);
    if (!FIELD.test(field)) refuse(here, `'${field.slice(0, 80)}' is not a valid field.`);
    if (!isObject(cond)) {
      out.push({ field, operator: '$eq', value: scalar(cond, here) });
      continue;
    }
    for (const [op, value] of Object.entries(cond)) {
      if (!(MATCH_OPERATORS as readonly string[]).includes(op))
        refuse(`${here}.${op}`, `Operator '${op}' is not supported; use ${MATCH_OPERATORS.join(', ')}.`);
      if (op === '$in') {
        if (!Array.isArray(value) || value.length > REPORT_LIMITS.inValues)
          refuse(`${here}.$in`, `$in takes a list of at most ${REPORT_LIMITS.inValues} values.`);
        out.push({
          field,
          operator: '$in',
          value: (value as unknown[]).map((v, i) => scalar(v, `${here}.$in.${i}`)),
        });
      } else out.push({ field, operator: op as MatchOperator, value: scalar(value, `${here}.${op}`) });
    }
  }
  return out;
}

function groupKey(v: unknown, keyName: string | null, at: string): GroupKey {
  if (isObject(v) && '$dateTrunc' in v) {
    const spec = v.$dateTrunc;
    if (!isObject(spec) || Object.keys(v).length !== 1) return refuse(at, '$dateTrunc takes {date, unit}.');
    const unit = typeof spec.unit === 'string' ? DATE_TRUNC_UNITS[spec.unit] : undefined;
    if (!unit || !Object.hasOwn(DATE_TRUNC_UNITS, spec.unit as string))
      refuse(`${at}.$dateTrunc.unit`, `The unit must be one of ${Object.keys(DATE_TRUNC_UNITS).join(', ')}.`);
    return { name: keyName, field: fieldRef(spec.date, `${at}.$dateTrunc.date`), interval: unit! };
  }
  return { name: keyName, field: fieldRef(v, at), interval: null };
}

function group(spec: unknown, at: string): PipelineStage {
  if (!isObject(spec) || !('_id' in spec))
    return refuse(at, '$group needs an _id (a field, an object of fields, or null).');
  const keys: GroupKey[] = [];
  const id = spec._id;
  if (isObject(id) && !('$dateTrunc' in id)) {
    for (const [k, v] of Object.entries(id))
      keys.push(groupKey(v, name(k, `${at}._id.${k}`), `${at}._id.${k}`));
  } else if (id !== null) keys.push(groupKey(id, null, `${at}._id`));
  const accumulators: Accumulator[] = [];
  for (const [out, acc] of Object.entries(spec)) {
    if (out === '_id') continue;
    const here = `${at}.${name(out, `${at}.${out}`)}`;
    if (!isObject(acc) || Object.keys(acc).length !== 1) refuse(here, 'An accumulator is {"$op": operand}.');
    const [op, operand] = Object.entries(acc as Record<string, unknown>)[0]!;
    if (!(ACCUMULATORS as readonly string[]).includes(op))
      refuse(`${here}.${op}`, `Accumulator '${op}' is not supported; use ${ACCUMULATORS.join(', ')}.`);
    if (op === '$count') {
      if (!isObject(operand) || Object.keys(operand).length) refuse(`${here}.$count`, '$count takes {}.');
      accumulators.push({ name: out, operator: '$count', field: null });
    } else if (op === '$sum' && operand === 1)
      accumulators.push({ name: out, operator: '$count', field: null });
    else
      accumulators.push({
        name: out,
        operator: op as AccumulatorOperator,
        field: fieldRef(operand, `${here}.${op}`),
      });
  }
  return { stage: '$group', keys, accumulators };
}

function project(spec: unknown, at: string): PipelineStage {
  if (!isObject(spec) || !Object.keys(spec).length) return refuse(at, '$project takes an object.');
  const fields: Array<{ name: string; from: string }> = [];
  let dropId = false;
  for (const [out, v] of Object.entries(spec)) {
    const here = `${at}.${out}`;
    if (out === '_id' && (v === 0 || v === false)) dropId = true;
    else if (v === 1 || v === true) fields.push({ name: out === '_id' ? out : name(out, here), from: out });
    else if (typeof v === 'string' && v.startsWith('$')) {
      const from = v.slice(1);
      if (from !== '_id' && !NAME.test(from) && !FIELD.test(from))
        refuse(here, `'${v.slice(0, 80)}' is not a name.`);
      fields.push({ name: name(out, here), from });
    } else
      refuse(
        here,
        '$project keeps a name (1), drops _id (0) or renames ("$name"); expressions are not supported.',
      );
  }
  return { stage: '$project', fields, dropId };
}

function sortStage(spec: unknown, at: string): PipelineStage {
  if (!isObject(spec) || !Object.keys(spec).length) return refuse(at, '$sort takes {name: 1 | -1}.');
  return {
    stage: '$sort',
    keys: Object.entries(spec).map(([k, v]) => {
      if (v !== 1 && v !== -1) refuse(`${at}.${k}`, '$sort directions are 1 or -1.');
      if (k !== '_id' && !NAME.test(k) && !FIELD.test(k))
        refuse(`${at}.${k}`, `'${k.slice(0, 80)}' is not a name.`);
      return { name: k, direction: v === -1 ? ('desc' as const) : ('asc' as const) };
    }),
  };
}

function stage(raw: unknown, i: number): PipelineStage {
  const at = `aggregation.pipeline.${i}`;
  if (!isObject(raw) || Object.keys(raw).length !== 1)
    return refuse(at, 'A stage is an object with one operator.');
  const [op, spec] = Object.entries(raw)[0]!;
  switch (op) {
    case '$match':
      return { stage: '$match', conditions: match(spec, `${at}.$match`) };
    case '$group':
      return group(spec, `${at}.$group`);
    case '$project':
      return project(spec, `${at}.$project`);
    case '$unwind': {
      const path = isObject(spec) ? spec.path : spec;
      if (path !== '$lines') refuse(`${at}.$unwind`, 'Only "$lines" can be unwound.');
      return { stage: '$unwind' };
    }
    case '$sort':
      return sortStage(spec, `${at}.$sort`);
    case '$limit':
      if (typeof spec !== 'number' || !Number.isInteger(spec) || spec < 1 || spec > REPORT_LIMITS.rows)
        refuse(`${at}.$limit`, `$limit takes a whole number from 1 to ${REPORT_LIMITS.rows}.`);
      return { stage: '$limit', n: spec as number };
    case '$count':
      return {
        stage: '$count',
        name:
          typeof spec === 'string'
            ? name(spec, `${at}.$count`)
            : refuse(`${at}.$count`, '$count takes the name of its result.'),
      };
    default:
      return refuse(
        `${at}.${op.slice(0, 40)}`,
        `Stage '${op.slice(0, 40)}' is not supported; use ${PIPELINE_STAGES.join(', ')}.`,
      );
  }
}

/** The order the stages may come in: $unwind and $match, $group, then $match, $project, $sort, $limit, $count. */
function checkOrder(stages: readonly PipelineStage[]): void {
  let grouped = false;
  const seen = new Set<string>();
  stages.forEach((s, i) => {
    const at = `aggregation.pipeline.${i}`;
    if (s.stage !== '$match' && seen.has(s.stage)) refuse(at, `${s.stage} may appear once.`);
    if (seen.has('$count')) refuse(at, '$count must be the last stage.');
    if (grouped && s.stage === '$unwind') refuse(at, '$unwind must come before $group.');
    if (s.stage === '$group' && ['$project', '$sort', '$limit'].some((x) => seen.has(x)))
      refuse(at, '$group must come before $project, $sort and $limit.');
    if (s.stage === '$match' && ['$project', '$sort', '$limit'].some((x) => seen.has(x)))
      refuse(at, '$match must come before $project, $sort and $limit.');
    if (s.stage === '$project' && ['$sort', '$limit'].some((x) => seen.has(x)))
      refuse(at, '$project must come before $sort and $limit.');
    if (s.stage === '$sort' && seen.has('$limit')) refuse(at, '$sort must come before $limit.');
    if (s.stage === '$group') grouped = true;
    seen.add(s.stage);
  });
}

export type PipelineParse = { ok: true; stages: PipelineStage[] } | { ok: false; errors: ApiFieldError[] };

/** The pipeline read from its JSON text (or array) and checked; the errors name the stage. */
export function parsePipeline(input: string | readonly unknown[]): PipelineParse {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (err) {
      return { ok: false, errors: [{ field: 'aggregation.pipeline', message: (err as Error).message }] };
    }
  }
  try {
    if (!Array.isArray(raw)) refuse('aggregation.pipeline', 'The pipeline is a list of stages ([...]).');
    const list = raw as unknown[];
    if (list.length > REPORT_LIMITS.stages)
      refuse('aggregation.pipeline', `A pipeline has at most ${REPORT_LIMITS.stages} stages.`);
    const stages = list.map(stage);
    checkOrder(stages);
    return { ok: true, stages };
  } catch (err) {
    if (err instanceof PipelineError)
      return { ok: false, errors: [{ field: err.field, message: err.message }] };
    throw err;
  }
}
