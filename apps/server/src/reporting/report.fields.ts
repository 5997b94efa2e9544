import {
  actsAsSupplier,
  dataTypeOf,
  fieldsHiddenByRole,
  groupable,
  type DataType,
  type FieldConfig,
  type Label,
  type SessionUser,
} from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import { expressionOf, VALUE_FILTER_KEYS } from '../documents/document.fields.ts';
import type { ModelConfig } from '../documents/model-config.ts';

/**
 * The fields a report may read, per model and caller: each with its public descriptor facts and
 * its SQL over `documents d` (and `document_lines l` for line fields). Relational facts map to
 * columns, the rest to JSON paths whose segments are bound parameters (expressionOf of the list's
 * whitelist for text), JSON numbers, dates and booleans read through guarded casts (a value that is
 * not of the type is null, never an error). Fields hidden from the caller's roles (viewRoles), and
 * for suppliers the references to staff (users, groups), do not exist here, so a report can neither
 * show nor filter by them. Computed fields (`expr`) are not stored and are left out.
 */

/** The SQL type of a field's value as the rows of a report carry it. */
export type SqlType = 'text' | 'numeric' | 'timestamp' | 'boolean' | 'jsonb';

/** How a drill-down selects the documents of one value: a list filter, or a date range filter. */
export type Drill = { kind: 'equal'; key: string } | { kind: 'created' } | { kind: 'delivery' } | null;

export interface FieldRecipe {
  id: string;
  label: Label;
  type: string;
  dataType: DataType;
  lines: boolean;
  group: boolean;
  format: string | null;
  /** the path whose value is shown */
  display: string;
  value: RawBuilder<unknown>;
  sqlType: SqlType;
  /** references: the name is read from a table after the aggregation, or from the rows (max) */
  nameOf?: { table: 'suppliers' | 'users' | 'groups' } | { expr: RawBuilder<unknown> };
  drill: Drill;
  /** decimals of an average */
  scale: number;
}

const ISO_DAY = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?)?'`;
const NUMERIC_TEXT = `'^ *-?[0-9]+([.][0-9]+)? *$'`;

/** The JSON value at `src` (one segment: `->`, the cheapest; more: `#>`), and its text. */
function path(alias: 'd' | 'l', src: string) {
  const data = sql.raw(`${alias}.data`);
  const segments = src.split('.');
  return segments.length === 1
    ? { json: sql`(${data} -> ${segments[0]!}::text)`, text: sql`(${data} ->> ${segments[0]!}::text)` }
    : { json: sql`(${data} #> ${segments}::text[])`, text: sql`(${data} #>> ${segments}::text[])` };
}

/**
 * JSON value of `src` read as `sqlType`: null unless it is one (a simple CASE reads the type once).
 * Header texts are the list's own expression (expressionOf), so a group value and its list filter
 * compare the same text.
 */
function jsonValue(alias: 'd' | 'l', src: string, sqlType: SqlType, type: string): RawBuilder<unknown> {
  const p = path(alias, src);
  switch (sqlType) {
    case 'numeric':
      return sql`(case jsonb_typeof(${p.json}) when 'number' then ${p.json}::numeric
        when 'string' then case when ${p.text} ~ ${sql.raw(NUMERIC_TEXT)} then trim(${p.text})::numeric end end)`;
    case 'timestamp':
      return sql`(case when ${p.text} ~ ${sql.raw(ISO_DAY)} then substr(${p.text}, 1, 19)::timestamp end)`;
    case 'boolean':
      return sql`(case jsonb_typeof(${p.json}) when 'boolean' then ${p.json}::boolean end)`;
    case 'jsonb':
      return p.json;
    default:
      if (alias === 'd') return expressionOf(src);
      // a select of the lines may hold an object (tax {key, value}): its key
      if (type === 'select')
        return sql`(case jsonb_typeof(${p.json}) when 'object' then coalesce(${p.json} ->> 'key', ${p.json} ->> '_id')
          else ${p.text} end)`;
      return p.text;
  }
}

const SQL_TYPES: Readonly<Record<DataType, SqlType>> = {
  string: 'text',
  number: 'numeric',
  date: 'timestamp',
  boolean: 'boolean',
  array: 'jsonb',
  object: 'jsonb',
};

function scaleOf(id: string, format: string | null | undefined): number {
  const decimals = /0\.(0+)$/.exec(format ?? '')?.[1]?.length;
  if (decimals) return decimals;
  if (/price$/i.test(id)) return 5;
  return /quantity$/i.test(id) ? 3 : 2;
}

type Fixed = Omit<FieldRecipe, 'dataType' | 'lines' | 'group' | 'display' | 'scale' | 'format' | 'drill'> & {
  /** the srcs of the model's fields that name this fact */
  srcs: string[];
  filterKey?: string;
  created?: true;
  group?: boolean;
};

const ALWAYS = ['*'];
const fact = (
  id: string,
  label: string,
  type: string,
  value: RawBuilder<unknown>,
  sqlType: SqlType,
  srcs: string[],
  more: Partial<Fixed> = {},
): Fixed => ({ id, label, type, value, sqlType, srcs, ...more });
const numberColumn = (id: string, column: string): Fixed =>
  fact(id, id, 'value', sql`d.${sql.raw(column)}`, 'numeric', [id]);
const reference = (id: string, label: string, type: string, table: 'suppliers' | 'users' | 'groups'): Fixed =>
  fact(id, label, type, sql.ref(`d.${id}_id`), 'text', [`${id}.name`, `${id}._id`, id], {
    nameOf: { table },
    filterKey: `${id}._id`,
  });

/** The relational facts of a document; those on every document ('*') first. */
const HEADER_FACTS: readonly Fixed[] = [
  fact('_id', 'ID', 'key', sql`d.id::text`, 'text', ALWAYS, { group: false }),
  fact('key', 'Number', 'text', sql`d.key`, 'text', ALWAYS),
  fact('_state.current', 'State', 'state', sql`d.state`, 'text', ALWAYS, { filterKey: '_state.current' }),
  fact('_state.created.ts', 'Created', 'ts', sql`(d.created_at at time zone 'UTC')`, 'timestamp', ALWAYS, {
    created: true,
  }),
  fact('updatedAt', 'Updated', 'datetime', sql`(d.updated_at at time zone 'UTC')`, 'timestamp', ALWAYS),
  fact('doc.subtype', 'Subtype', 'select', sql`d.subtype`, 'text', ['doc.subtype'], {
    filterKey: 'doc.subtype',
  }),
  fact('plant', 'Plant', 'select', sql`d.plant`, 'text', ['plant'], { filterKey: 'plant' }),
  reference('supplier', 'Supplier', 'ref_supplier', 'suppliers'),
  reference('requester', 'Requester', 'ref_user', 'users'),
  reference('group', 'Group', 'ref_group', 'groups'),
  numberColumn('grossValue', 'gross_value'),
  numberColumn('discountValue', 'discount_value'),
  numberColumn('costValue', 'cost_value'),
  numberColumn('netValue', 'net_value'),
  numberColumn('taxValue', 'tax_value'),
  numberColumn('value', 'value'),
  numberColumn('listValue', 'list_value'),
];
/** Every src a relational fact stands for (a JSON field of the same src is the fact). */
const FACT_SRCS = new Set([...HEADER_FACTS.flatMap((f) => f.srcs), 'doc.type']);
const LINE_COLUMNS: Readonly<Record<string, RawBuilder<unknown>>> = {
  quantity: sql`l.quantity`,
  price: sql`l.price`,
  value: sql`l.value`,
  pos: sql`l.pos::numeric`,
};
const REF_TYPES: Readonly<Record<string, string>> = {
  supplier: 'ref_supplier',
  user: 'ref_user',
  group: 'ref_group',
};
/** Staff and organisation references a supplier's report never offers (staff names stay internal). */
const INTERNAL_REFS = new Set(['ref_user', 'ref_group']);

export interface ModelFields {
  header: FieldRecipe[];
  lines: FieldRecipe[];
}

function recipe(
  base: Omit<FieldRecipe, 'dataType' | 'group' | 'display' | 'scale' | 'drill'>,
  drill: Drill,
): FieldRecipe {
  const dataType = dataTypeOf(base.type);
  return {
    ...base,
    dataType,
    group: groupable(base.type) && base.id !== '_id',
    display: base.nameOf ? `${base.id}.name` : base.id,
    scale: scaleOf(base.id, base.format),
    drill,
  };
}

function build(model: ModelConfig, user: SessionUser): ModelFields {
  const fields = [...model.form.fields, ...model.list.fields];
  const hidden = new Set(fieldsHiddenByRole(fields, user));
  const bySrc = new Map<string, FieldConfig>();
  for (const f of fields) if (!bySrc.has(f.src)) bySrc.set(f.src, f);
  const supplier = actsAsSupplier(user);
  const offered = (type: string) => !(supplier && INTERNAL_REFS.has(type));
  const filterable = (key: string | undefined): Drill =>
    key && model.search.includes(key) ? { kind: 'equal', key } : null;

  const header: FieldRecipe[] = [];
  for (const fact of HEADER_FACTS) {
    // a fact on every document takes its label from the model's field of the same src, if any
    const config = [...fact.srcs, fact.id].map((s) => bySrc.get(s)).find(Boolean);
    const hiddenFact = fact.srcs.some((s) => hidden.has(s)) || hidden.has(fact.id);
    if (!(fact.srcs[0] === '*' || config) || hiddenFact || !offered(fact.type)) continue;
    const drill: Drill = fact.created ? { kind: 'created' } : filterable(fact.filterKey);
    const { srcs: _srcs, filterKey: _key, created: _created, group, ...rest } = fact;
    const made = recipe(
      { ...rest, label: config?.label ?? fact.label, lines: false, format: config?.format ?? null },
      drill,
    );
    header.push(group === false ? { ...made, group: false } : made);
  }
  for (const f of bySrc.values()) {
    // a field a relational fact already stands for ('key', '_state.created.ts') is that fact, once
    const isFact = FACT_SRCS.has(f.src) || HEADER_FACTS.some((h) => h.id === f.src);
    if (isFact || f.src === 'lines' || f.expr || hidden.has(f.src)) continue;
    const refType = f.src.endsWith('.name') ? REF_TYPES[f.type] : undefined;
    if (refType) {
      const id = f.src.slice(0, -'.name'.length);
      if (!offered(refType) || header.some((h) => h.id === id)) continue;
      header.push(
        recipe(
          {
            id,
            label: f.label,
            type: refType,
            lines: false,
            format: null,
            value: jsonValue('d', `${id}._id`, 'text', 'text'),
            sqlType: 'text',
            nameOf: { expr: jsonValue('d', f.src, 'text', 'text') },
          },
          filterable(`${id}._id`),
        ),
      );
      continue;
    }
    const sqlType = SQL_TYPES[dataTypeOf(f.type)];
    const drill: Drill =
      f.src === 'deliveryDate' ? { kind: 'delivery' } : sqlType === 'jsonb' ? null : filterable(f.src);
    header.push(
      recipe(
        {
          id: f.src,
          label: f.label,
          type: f.type,
          lines: false,
          format: f.format ?? null,
          value: jsonValue('d', f.src, sqlType, f.type),
          sqlType,
        },
        drill,
      ),
    );
  }

  const items = (bySrc.get('lines')?.items ?? []) as FieldConfig[];
  const lineHidden = new Set(fieldsHiddenByRole(items, user));
  const lines: FieldRecipe[] = [];
  for (const f of items) {
    if (f.expr || lineHidden.has(f.src) || lines.some((l) => l.id === `lines.${f.src}`)) continue;
    const id = `lines.${f.src}`;
    const column = LINE_COLUMNS[f.src];
    const sqlType = column ? 'numeric' : SQL_TYPES[dataTypeOf(f.type)];
    const key = `lines.${f.src}`;
    const drill: Drill = VALUE_FILTER_KEYS.includes(key) ? { kind: 'equal', key } : null;
    lines.push(
      recipe(
        {
          id,
          label: f.label,
          type: column && f.src !== 'pos' ? f.src : f.type,
          lines: true,
          format: f.format ?? null,
          value: column ?? jsonValue('l', f.src, sqlType, drill ? 'text' : f.type),
          sqlType,
        },
        drill,
      ),
    );
  }
  return { header, lines };
}

/** Per configuration version and per set of roles: the fields depend on nothing else. */
const cache = new WeakMap<object, Map<string, ModelFields>>();

export function modelFields(model: ModelConfig, user: SessionUser): ModelFields {
  let byRoles = cache.get(model.form);
  if (!byRoles) cache.set(model.form, (byRoles = new Map()));
  const roles = [
    user.role?.key ?? '',
    ...user.roles.map((r) => r.key),
    ...(user._profile ?? []),
    actsAsSupplier(user),
  ]
    .map(String)
    .sort()
    .join(',');
  let out = byRoles.get(roles);
  if (!out) byRoles.set(roles, (out = build(model, user)));
  return out;
}

/** The fields of a data source: the header's, and on a line source the lines' too. */
export const sourceFields = (fields: ModelFields, lines: boolean): FieldRecipe[] =>
  lines ? [...fields.header, ...fields.lines] : fields.header;
