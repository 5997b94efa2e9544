/**
 * Every field type the model configurations use (apps/server/models/*.json) plus the building-block
 * types of seed 001 section 3. Shared by the server (config checks) and the web field registry, which
 * must have one renderer per type. Types written `ref_<name>` resolve to 'ref'; unknown types to 'text'.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'key',
  'select',
  'radio',
  'checkbox',
  'switch',
  'enabled',
  'date',
  'datetime',
  'date-range',
  'number',
  'quantity',
  'price',
  'value',
  'percentage',
  'icon_status',
  'state',
  'address',
  'ref',
  'supplier',
  'user',
  'group',
  'users',
  'suppliers',
  'multi-select',
  'tags',
  'scores',
  'media',
  'file',
  'conditions',
  'lines',
  // the interface kit of seed 001 section 3 (fields/kit-values.ts validates their values)
  'richtextarea',
  'password',
  'switch-select',
  'rating',
  'measure',
  'verification-code',
  'numeric-range',
  'progress',
  'table',
  'tree',
  'ref_country',
  'ref_evaluation',
  'ref_dimensions',
  'ref_weight',
  'ref_volume',
  'ref_area',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The known type of a configured field type: `ref_<name>` is 'ref'; empty or unknown types are 'text'. */
export function resolveFieldType(type: string | undefined | null): FieldType {
  if (!type) return 'text';
  // ref_evaluation* (ref_evaluation_material, ...) are evaluation items with colours
  if (type.startsWith('ref_evaluation')) return 'ref_evaluation';
  if ((FIELD_TYPES as readonly string[]).includes(type)) return type as FieldType;
  if (type.startsWith('ref_')) return 'ref';
  return (FIELD_TYPES as readonly string[]).includes(type) ? (type as FieldType) : 'text';
}
