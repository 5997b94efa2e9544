/**
 * The tax a new line of a document starts with (issue 11, "Lists and lines at speed"): the
 * document's own default tax (a header `tax`), else the tax of its last line (a document is mostly
 * taxed one way), else the first deductible tax code of the purchasing configuration.
 */

export interface TaxCodeLike {
  key: string;
  value?: number;
  group?: string;
  label?: string;
}

const hasKey = (v: unknown): v is { key: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { key?: unknown }).key === 'string' &&
  (v as { key: string }).key !== '';

/** As a line stores it: the code without its display label. */
const stored = (code: TaxCodeLike): Omit<TaxCodeLike, 'label'> => {
  const { label: _label, ...rest } = code;
  return rest;
};

export function defaultLineTax(
  doc: { tax?: unknown; lines?: ReadonlyArray<{ tax?: unknown }> | null } | null | undefined,
  taxCodes: ReadonlyArray<TaxCodeLike> = [],
): Omit<TaxCodeLike, 'label'> | null {
  const byKey = (key: string) => taxCodes.find((c) => c.key === key);
  const header = doc?.tax;
  if (typeof header === 'string' && header) return byKey(header) ? stored(byKey(header)!) : { key: header };
  if (hasKey(header)) return byKey(header.key) ? stored(byKey(header.key)!) : stored(header);
  const lines = doc?.lines ?? [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const tax = lines[i]?.tax;
    if (hasKey(tax)) return stored(tax as TaxCodeLike);
  }
  const first = taxCodes.find((c) => c.group === 'deductible') ?? taxCodes[0];
  return first ? stored(first) : null;
}
