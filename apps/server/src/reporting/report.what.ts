import { textIn, whatDef, type ReportResult, type WhatPart } from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess, LoadedModel } from '../documents/document.access.ts';
import { DRIVING_FILTER_KEYS, filterExpressions, needsJoins } from '../documents/document.fields.ts';
import { AppError } from '../lib/app-error.ts';
import { modelFields } from './report.fields.ts';
import { runStatements, type RunOptions } from './report.run.ts';
import { countValue, labelOf, tableOptions } from './report.source.ts';

/**
 * The dashboard 'what' figures (seed 000 section 9) answered together: one statement per model
 * counting each of its figures with `count(*) filter (where ...)` over the model's list scope
 * (tenant, role, supplier, working context), a figure's conditions being the list filters of its
 * drill-down, so a figure and the list it opens are the same documents. A figure over a driving
 * filter (DRIVING_FILTER_KEYS: the integration monitor's errors) has its own statement, so the
 * planner starts from the few failed messages instead of probing every document of the model. A
 * model the caller cannot see, or whose configuration does not offer a filter, answers null for
 * its figures.
 */

interface Slot {
  what: string;
  part: WhatPart;
  count: number | null;
  value: string | null;
}

export async function whatFigures(
  db: Db,
  access: DocumentAccess,
  auth: AuthContext,
  ids: readonly string[],
  run: RunOptions,
  now = new Date(),
): Promise<ReportResult> {
  const slots: Slot[] = [];
  for (const id of ids) {
    const def = whatDef(id);
    if (def) for (const part of def.parts(now)) slots.push({ what: id, part, count: null, value: null });
  }
  const statements: Array<{ sql: RawBuilder<Record<string, string | null>>; counted: Counted[] }> = [];
  const lang = auth.user.lang;
  // a part's list by the model's own name: a figure over two lists offers them by name
  const modelLabels = new Map<string, string>();
  for (const model of new Set(slots.map((s) => s.part.model))) {
    const loaded = await visibleModel(access, auth, model);
    if (loaded) {
      modelLabels.set(model, loaded.model.label ? labelOf(loaded.model.label, lang) : model);
      // a figure over a driving filter (the monitor's errors) counts in a statement of its own
      const mine = slots.filter((s) => s.part.model === model);
      const driven = (s: Slot) => Object.keys(s.part.filters).some((k) => DRIVING_FILTER_KEYS.includes(k));
      for (const group of [mine.filter((s) => !driven(s)), ...mine.filter(driven).map((s) => [s])]) {
        const statement = group.length ? modelStatement(loaded, auth, group) : null;
        if (statement) statements.push(statement);
      }
    }
  }
  // one statement per model (each reads its model through the list index), on one connection
  const answers = statements.length
    ? await runStatements(
        db,
        statements.map((s) => s.sql),
        run,
      )
    : [];
  statements.forEach((s, k) => {
    const row = answers[k]![0];
    for (const { slot, index, usage } of s.counted) {
      slot.count = countValue(row?.[`c${index}`]) ?? 0;
      if (usage) slot.value = row?.[`u${index}`] ?? null;
    }
  });

  const items = ids.flatMap((id) => {
    const def = whatDef(id);
    if (!def) return [];
    const mine = slots.filter((s) => s.what === id);
    const parts = mine.map((s) => ({
      model: s.part.model,
      label: modelLabels.get(s.part.model) ?? s.part.model,
      count: s.count,
      _filter: s.count === null ? null : new URLSearchParams({ ...s.part.filters }).toString(),
    }));
    const known = mine.filter((s) => s.count !== null);
    // one list holds the figure's documents: its filter; over two lists (pending evaluations of
    // orders and of contracts) no one list does, the caller drills per part
    const counted = parts.filter((p) => p.count !== null);
    const only = counted.length === 1 ? counted[0]! : null;
    return [
      {
        _id: id,
        label: textIn(def.labels, lang),
        model: only?.model ?? mine[0]?.part.model ?? null,
        count: known.length ? known.reduce((n, s) => n + (s.count ?? 0), 0) : null,
        value: def.figure === 'usage' ? (mine[0]?.value ?? null) : null,
        _filter: only?._filter ?? null,
        parts,
      },
    ];
  });
  return {
    items,
    fields: [
      whatField('label', lang === 'pt' ? 'O quê' : 'What', 'group', 'string'),
      whatField('count', lang === 'pt' ? 'Contagem' : 'Count', 'metric', 'number'),
      whatField('value', lang === 'pt' ? 'Valor (%)' : 'Value (%)', 'metric', 'number'),
    ],
    tableOptions: tableOptions(items.length, false, null),
  };
}

type Counted = { slot: Slot; index: number; usage: boolean };

/** The figures of one model: a count per figure (and the usage of contracts) in one statement. */
function modelStatement(loaded: LoadedModel, auth: AuthContext, slots: Slot[]) {
  const columns: RawBuilder<unknown>[] = [];
  const anyOf: RawBuilder<boolean>[] = [];
  const counted: Counted[] = [];
  let joins = false;
  for (const slot of slots) {
    let where: RawBuilder<boolean>[];
    try {
      where = filterExpressions(loaded.model, { ...slot.part.filters });
    } catch (err) {
      if (err instanceof AppError) continue; // the model's configuration does not offer the filter
      throw err;
    }
    joins ||= needsJoins(Object.keys(slot.part.filters));
    const cond = sql<boolean>`(${sql.join(where, sql` and `)})`;
    anyOf.push(cond);
    const index = counted.length;
    // alone in its statement the figure's condition is the statement's: a plain count
    const counter = slots.length === 1 ? sql`count(*)` : sql`count(*) filter (where ${cond})`;
    columns.push(sql`${counter}::text as ${sql.ref(`c${index}`)}`);
    const usage = whatDef(slot.what)?.figure === 'usage';
    const target = usage
      ? modelFields(loaded.model, auth.user).header.find((f) => f.id === 'targetValue')
      : undefined;
    if (target)
      columns.push(sql`round(100 * sum(d.value) filter (where ${cond})
        / nullif(sum(${target.value}) filter (where ${cond}), 0), 2)::text as ${sql.ref(`u${index}`)}`);
    counted.push({ slot, index, usage: Boolean(target) });
  }
  if (!counted.length) return null;
  const from = joins
    ? sql`documents d left join suppliers s on s.id = d.supplier_id left join users r on r.id = d.requester_id
        left join groups g on g.id = d.group_id`
    : sql`documents d`;
  // the model's list scope: tenant, model, role, supplier, working context
  return {
    sql: sql<Record<string, string | null>>`select ${sql.join(columns)} from ${from}
      where ${loaded.scope.listWhere} and d.deleted = false and (${sql.join(anyOf, sql` or `)})`,
    counted,
  };
}

async function visibleModel(
  access: DocumentAccess,
  auth: AuthContext,
  model: string,
): Promise<LoadedModel | null> {
  try {
    const [loaded] = await access.viewableModels(auth, model);
    return loaded ?? null;
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404)) return null;
    throw err;
  }
}

function whatField(src: string, label: string, role: 'group' | 'metric', dataType: 'string' | 'number') {
  return {
    src,
    label,
    role,
    dataType,
    type: null,
    format: src === 'count' ? '#,##0' : src === 'value' ? '#,##0.00' : null,
    field: null,
    function: role === 'metric' ? 'count' : null,
    interval: null,
    column: null,
  };
}
