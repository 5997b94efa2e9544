import type { AuditEvent } from '@p2p/domain';

/** The CSV of an audit export: one header row, then one row per event (RFC 4180 quoting). */

export const CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_username',
  'actor_address',
  'entity',
  'entity_id',
  'model',
  'action',
  'before',
  'after',
  'detail',
] as const;

/**
 * One cell. Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets
 * a leading apostrophe: an export opened by an auditor must not execute what a user typed.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

export const csvRow = (e: AuditEvent): string =>
  [
    e._id,
    e.at,
    e.actor._id,
    e.actor.username,
    e.actor.address,
    e.entity,
    e.entityId,
    e.model,
    e.action,
    e.before,
    e.after,
    e.detail,
  ]
    .map(csvCell)
    .join(',') + '\r\n';
