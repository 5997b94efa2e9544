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
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The known type of a configured field type: `ref_<name>` is 'ref'; empty or unknown types are 'text'. */
export function resolveFieldType(type: string | undefined | null): FieldType {
  if (!type) return 'text';
  if (type.startsWith('ref_')) return 'ref';
  return (FIELD_TYPES as readonly string[]).includes(type) ? (type as FieldType) : 'text';
}
