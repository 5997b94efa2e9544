import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

export interface CalendarRow {
  id: string;
  key: string | null;
  description: string | null;
  date: string;
}

/** Where an event of a kind takes its day from, and which documents have one. */
export interface EventSource {
  model: string;
  /** SQL text of the day (yyyy-mm-dd) of the document `d` */
  day: RawBuilder<string>;
  /** only documents in these states; none: every state */
  states?: readonly string[];
  notStates?: readonly string[];
}

const dayOf = (path: string) => sql<string>`left(d.data ->> ${path}, 10)`;

/** The last day of an evaluation's period: 'from|to' -> to; 'yyyy-mm' -> the month's last day. */
const periodEnd = sql<string>`case
  when d.data ->> 'period' ~ '^\\d{4}-\\d{2}-\\d{2}\\|\\d{4}-\\d{2}-\\d{2}$' then split_part(d.data ->> 'period', '|', 2)
  when d.data ->> 'period' ~ '^\\d{4}-(0[1-9]|1[0-2])$'
    then to_char((to_date(d.data ->> 'period' || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day'), 'YYYY-MM-DD')
  end`;

/** The sources of each event type (issue 10: what the calendar shows). */
export const EVENT_SOURCES = {
  delivery: [
    {
      model: 'order',
      day: dayOf('deliveryDate'),
      notStates: ['completed', 'closed', 'archived', 'rejected', 'deleted'],
    },
  ],
  reception: [
    {
      model: 'reception',
      day: sql<string>`left(coalesce(d.data ->> 'receivedAt', d.data ->> 'shippedAt'), 10)`,
      notStates: ['deleted'],
    },
  ],
  'contract-expiry': [
    { model: 'contract', day: dayOf('validTo'), notStates: ['closed', 'rejected', 'deleted'] },
  ],
  evaluation: [
    { model: 'order-evaluation', day: periodEnd, states: ['created', 'updated'] },
    { model: 'contract-evaluation', day: periodEnd, states: ['created', 'updated'] },
  ],
  approval: [
    {
      model: 'approval',
      day: sql<string>`to_char(d.created_at, 'YYYY-MM-DD')`,
      states: ['manager-approval', 'consulting-approval'],
    },
  ],
} satisfies Record<string, EventSource[]>;

/** Kysely and SQL only: the documents of a source with a day inside [from, to]. */
export function calendarRepository(db: Db) {
  return {
    async events(
      scope: RawBuilder<boolean>,
      source: EventSource,
      from: string,
      to: string,
      limit: number,
    ): Promise<CalendarRow[]> {
      let q = db
        .selectFrom('documents as d')
        .select([
          sql<string>`d.id::text`.as('id'),
          'd.key',
          sql<string | null>`coalesce(d.data ->> 'description', d.data ->> 'name')`.as('description'),
          source.day.as('date'),
        ])
        .where(scope)
        .where('d.model', '=', source.model)
        .where('d.deleted', '=', false)
        .where(sql<boolean>`${source.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`)
        .where(sql<boolean>`${source.day} between ${from} and ${to}`);
      if (source.states) q = q.where('d.state', 'in', [...source.states]);
      if (source.notStates) q = q.where('d.state', 'not in', [...source.notStates]);
      return (await q.orderBy('date').orderBy('d.id').limit(limit).execute()) as CalendarRow[];
    },
  };
}
