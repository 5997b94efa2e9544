/**
 * The data type of a field for reports (seed 001 section 3): types starting 'ref_' are objects,
 * 'ts' is a date, 'value', 'price' and 'quantity' are numbers; the other field types by what they
 * hold.
 */
import type { DataType } from './constants.ts';

const BY_TYPE: Readonly<Record<string, DataType>> = {
  ts: 'date',
  date: 'date',
  datetime: 'date',
  value: 'number',
  price: 'number',
  quantity: 'number',
  number: 'number',
  percentage: 'number',
  rating: 'number',
  progress: 'number',
  checkbox: 'boolean',
  switch: 'boolean',
  enabled: 'boolean',
  users: 'array',
  suppliers: 'array',
  tags: 'array',
  lines: 'array',
  table: 'array',
  file: 'array',
  media: 'array',
  conditions: 'array',
  scores: 'array',
  address: 'object',
  measure: 'object',
};

export function dataTypeOf(type: string | null | undefined): DataType {
  if (!type) return 'string';
  if (type.startsWith('ref_')) return 'object';
  return BY_TYPE[type] ?? 'string';
}

/** Whether a report can group by a field of this type: scalars and references (ref_*), not lists or other objects. */
export const groupable = (type: string): boolean => {
  const dataType = dataTypeOf(type);
  return dataType !== 'array' && (dataType !== 'object' || type.startsWith('ref_'));
};
