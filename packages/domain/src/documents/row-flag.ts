/**
 * The status flag of a list row (seed 001 sections 2.4 and 3: rows carry `flag.status`, one of new,
 * warn, fail, ignore). The product derives it from the document so that a buyer scanning a list
 * sees at once what went wrong; a flag stored on the document (`flag.status`, e.g. 'ignore' set by
 * an integration) wins over the derived one.
 */
import { currentState } from './states.ts';
import type { DocumentLike } from './types.ts';

export const ROW_FLAGS = ['new', 'warn', 'fail', 'ignore'] as const;
export type RowFlag = (typeof ROW_FLAGS)[number];

/** A document stays 'new' this long after it was created, while nobody moved it on. */
export const NEW_FLAG_HOURS = 24;
/** States in which a passed delivery date no longer matters. */
const DELIVERY_DONE_STATES: ReadonlySet<string> = new Set([
  'completed',
  'closed',
  'archived',
  'deleted',
  'rejected',
]);
const FAIL_STATES: ReadonlySet<string> = new Set(['erp-fail']);

const isRowFlag = (v: unknown): v is RowFlag =>
  typeof v === 'string' && (ROW_FLAGS as readonly string[]).includes(v);

// a list decides all its rows' flags at one `now`: its day is written out once, not once per row
let lastDay = { time: NaN, day: '' };
const isoDay = (now: Date): string => {
  const time = now.getTime();
  if (time !== lastDay.time) lastDay = { time, day: now.toISOString().slice(0, 10) };
  return lastDay.day;
};

/**
 * - the stored `flag.status` when it is one of the four;
 * - 'fail' in a failed state (erp-fail);
 * - 'warn' when the delivery date (ISO yyyy-MM-dd) has passed and the document is still open;
 * - 'new' in state created within NEW_FLAG_HOURS of its creation;
 * - else none.
 */
export function rowFlag(doc: DocumentLike, now: Date): RowFlag | null {
  const stored = (doc as { flag?: { status?: unknown } | null }).flag?.status;
  if (isRowFlag(stored)) return stored;
  const state = currentState(doc);
  if (FAIL_STATES.has(state)) return 'fail';
  const delivery = (doc as { deliveryDate?: unknown }).deliveryDate;
  if (
    typeof delivery === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(delivery) &&
    !DELIVERY_DONE_STATES.has(state)
  ) {
    if (delivery.slice(0, 10) < isoDay(now)) return 'warn';
  }
  const created = Date.parse(String(doc._state?.created?.ts ?? ''));
  if (state === 'created' && Number.isFinite(created) && now.getTime() - created < NEW_FLAG_HOURS * 3600_000)
    return 'new';
  return null;
}
