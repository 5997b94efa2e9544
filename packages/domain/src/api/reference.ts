/**
 * Reference look-ups for pickers and autocompletes (items, suppliers, users, tax codes, countries,
 * units of measure). Every entry has `_id`, `key` (the code) and `label` (the name) for the pickers.
 */
import { Type, type Static } from 'typebox';
import { TAX_GROUPS } from '../money/supplier-view.ts';
import { OrNull, PageSchema, StringEnum } from './schema.ts';

const entry = { _id: Type.String(), key: Type.String(), label: Type.String() };

export const ItemLookupSchema = Type.Object({
  ...entry,
  code: Type.String(),
  name: Type.String(),
  uom: Type.String(),
  materialGroup: OrNull(Type.String()),
  unspsc: OrNull(Type.String()),
  /** only for the roles that buy (roles/lookup-fields.ts) */
  price: Type.Optional(OrNull(Type.String({ description: 'decimal list price; only for roles that buy' }))),
});
export type ItemLookup = Static<typeof ItemLookupSchema>;

export const SupplierLookupSchema = Type.Object({
  ...entry,
  /** vat, status and address: only for supplier managers and administrators (roles/lookup-fields.ts) */
  vat: Type.Optional(Type.String()),
  name: Type.String(),
  status: Type.Optional(Type.String()),
  address: Type.Optional(OrNull(Type.Object({}, { additionalProperties: true }))),
});
export type SupplierLookup = Static<typeof SupplierLookupSchema>;

export const UserLookupSchema = Type.Object({
  ...entry,
  username: Type.String(),
  name: Type.String(),
  /** email, role and supplier: only for staff roles (roles/lookup-fields.ts) */
  email: Type.Optional(Type.String()),
  role: Type.Optional(Type.String({ description: 'key of the primary role' })),
  supplier: Type.Optional(OrNull(Type.Object({ _id: Type.String() }))),
});
export type UserLookup = Static<typeof UserLookupSchema>;

export const TaxLookupSchema = Type.Object({
  ...entry,
  value: Type.Number({ description: 'rate in percent' }),
  group: StringEnum(TAX_GROUPS),
});
export type TaxLookup = Static<typeof TaxLookupSchema>;

export const CountryLookupSchema = Type.Object({ ...entry, code: Type.String(), name: Type.String() });
export type CountryLookup = Static<typeof CountryLookupSchema>;

export const UOM_CLASSES = ['LENGTH', 'MASS', 'VOLUME', 'AREA', 'QUANTITY', 'TIME'] as const;
export const UnitLookupSchema = Type.Object({
  ...entry,
  code: Type.String(),
  name: Type.String(),
  class: StringEnum(UOM_CLASSES),
});
export type UnitLookup = Static<typeof UnitLookupSchema>;

export const ItemPageSchema = PageSchema(ItemLookupSchema);
export const SupplierPageSchema = PageSchema(SupplierLookupSchema);
export const UserPageSchema = PageSchema(UserLookupSchema);
export const TaxPageSchema = PageSchema(TaxLookupSchema);
export const CountryPageSchema = PageSchema(CountryLookupSchema);
export const UnitPageSchema = PageSchema(UnitLookupSchema);
