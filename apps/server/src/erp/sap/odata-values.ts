/**
 * OData v2 value formats of SAP Gateway: Edm.DateTime as `/Date(ms)/`, Edm.Decimal as strings
 * (never JavaScript numbers: a price keeps its digits), item numbers as 5-digit strings.
 */

/** `/Date(1767225600000)/` (optionally with an offset `+0000`) -> Date */
export function fromODataDate(value: string): Date {
  const m = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (!m) throw new Error(`not an OData date: ${value}`);
  return new Date(Number(m[1]));
}

/** yyyy-MM-dd or a Date -> `/Date(ms)/` at UTC midnight for dates */
export function toODataDate(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${String(value)}`);
  return `/Date(${d.getTime()})/`;
}

/** A decimal as SAP sends it: digits, a dot, the given scale; never through a float. */
export function toODataDecimal(value: string | number | null | undefined, scale: number): string {
  const raw = String(value ?? '0').trim();
  if (!/^-?\d*(\.\d*)?$/.test(raw) || raw === '' || raw === '-') throw new Error(`not a decimal: ${raw}`);
  const negative = raw.startsWith('-');
  const [int = '0', frac = ''] = raw.replace('-', '').split('.');
  // truncation is not rounding: round half up on the digit string
  const digits = (int || '0') + frac.padEnd(scale + 1, '0').slice(0, scale + 1);
  let n = BigInt(digits.slice(0, -1) || '0');
  if (Number(digits.slice(-1)) >= 5) n += 1n;
  const s = n.toString().padStart(scale + 1, '0');
  const out = scale > 0 ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  return negative && n !== 0n ? `-${out}` : out;
}

/** Our line positions are SAP's item numbers (10, 20, ...); SAP may pad them to 5 digits. */
export const itemNumber = (pos: number) => String(pos);
export const posOfItem = (item: string | number) => Number(item);

/** `'4500000001'` quoted as an OData v2 key literal (quotes doubled) */
export const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;
