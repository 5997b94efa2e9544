/**
 * Recognition of the fields of company documents (seed 001 section 7 check types), from the text of
 * a PDF: pure functions over text, so they are tested without files.
 * - summarize (company presentation): VAT number, name, address;
 * - taxAuthority: a certificate of the Autoridade Tributária: 'situação tributária regularizada';
 * - socialSecurity: a declaration of the Segurança Social: 'situação contributiva regularizada'.
 * Certificates also give the holder's NIF and their dates (issued, valid until).
 */

export type CheckType = 'summarize' | 'taxAuthority' | 'socialSecurity';

export interface CheckFields {
  vat?: string;
  /** the VAT number found fails its check digit */
  vatInvalid?: string;
  name?: string;
  address?: string;
  /** certificates: the issuer's words were found */
  issuer?: boolean;
  /** certificates: regularised (true), not regularised (false), not said (undefined) */
  regularized?: boolean;
  issued?: string;
  validTo?: string;
}

/** Accents and case out, so 'Tributária' and 'TRIBUTARIA' read alike. */
const plain = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** NIF/NIPC: 9 digits, the last a modulo-11 check digit over the first eight (weights 9 to 2). */
export function validNif(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 8)].reduce((s, d, i) => s + Number(d) * (9 - i), 0);
  const r = sum % 11;
  return Number(digits[8]) === (r < 2 ? 0 : 11 - r);
}

const NIF_LABEL =
  /(?:nif|nipc|n\.?\s*i\.?\s*f\.?|contribuinte|vat(?:\s+number)?|numero de identificacao fiscal)\s*[:.ºo]*\s*(?:pt)?\s*((?:\d\s?){9})/;

function findVat(text: string): Pick<CheckFields, 'vat' | 'vatInvalid'> {
  const p = plain(text);
  const labelled = NIF_LABEL.exec(p);
  if (labelled) {
    const digits = labelled[1]!.replace(/\s/g, '');
    return validNif(digits) ? { vat: digits } : { vatInvalid: digits };
  }
  for (const m of p.matchAll(/(?<![\d])(?:pt\s?)?(\d{9})(?![\d])/g))
    if (validNif(m[1]!)) return { vat: m[1]! };
  return {};
}

/** The rest of the line after one of the labels ('Nome: Alfa Lda' -> 'Alfa Lda'). */
function afterLabel(lines: string[], labels: RegExp): { value: string; index: number } | null {
  for (const [index, line] of lines.entries()) {
    const m = labels.exec(plain(line));
    if (!m) continue;
    // the same offset in the original line keeps its accents and case
    const value = line.slice(m.index + m[0].length).trim();
    if (value) return { value, index };
  }
  return null;
}

const POSTCODE = /\b\d{4}-\d{3}\b/;

function findAddress(lines: string[]): string | undefined {
  const found = afterLabel(lines, /(?:morada|sede|endereco|address|domicilio fiscal)\s*:\s*/);
  if (!found) return undefined;
  // a postcode and town on the next line belong to the address
  const next = lines[found.index + 1]?.trim();
  return !POSTCODE.test(found.value) && next && POSTCODE.test(next) ? `${found.value}, ${next}` : found.value;
}

/**
 * An address as written ('Avenida da Liberdade 110, 1250-146 Lisboa') split at its Portuguese
 * postcode into street, postcode and town, for a form whose address has those fields; without a
 * postcode the whole text is the street.
 */
export function splitAddress(address: string): { street: string; postcode?: string; city?: string } {
  const m = POSTCODE.exec(address);
  if (!m) return { street: address.trim() };
  const street = address
    .slice(0, m.index)
    .replace(/[\s,;-]+$/, '')
    .trim();
  const city = address
    .slice(m.index + m[0].length)
    .replace(/^[\s,;-]+/, '')
    .trim();
  return { street, postcode: m[0], ...(city ? { city } : {}) };
}

const DATE = /(\d{4})-(\d{2})-(\d{2})|(\d{2})[-/.](\d{2})[-/.](\d{4})/;

/** A date as yyyy-MM-dd from yyyy-MM-dd or dd-MM-yyyy (also / and .); undefined when not a calendar date. */
export function isoDate(text: string): string | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = m[1] ? [m[1], m[2]!, m[3]!] : [m[6]!, m[5]!, m[4]!];
  const iso = `${y}-${mo}-${d}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

function dateAfter(text: string, label: RegExp): string | undefined {
  const p = plain(text).replace(/\s+/g, ' ');
  const m = label.exec(p);
  return m ? isoDate(p.slice(m.index, m.index + m[0].length + 40)) : undefined;
}

const ISSUER: Readonly<Record<Exclude<CheckType, 'summarize'>, RegExp>> = {
  taxAuthority: /autoridade tributaria|financas/,
  socialSecurity: /seguranca social/,
};

const STATUS: Readonly<Record<Exclude<CheckType, 'summarize'>, { yes: RegExp; no: RegExp }>> = {
  taxAuthority: {
    yes: /situacao tributaria (?:se encontra )?regularizada|tem a situacao tributaria regularizada/,
    no: /(?:nao tem a|nao se encontra|nao) (?:situacao tributaria )?regularizada|situacao tributaria nao regularizada|dividas? fiscais/,
  },
  socialSecurity: {
    yes: /situacao contributiva (?:se encontra )?regularizada|tem a situacao contributiva regularizada/,
    no: /situacao contributiva nao regularizada|(?:nao tem a|nao se encontra) (?:situacao contributiva )?regularizada|dividas? a seguranca social/,
  },
};

/** The fields a check type reads from a document's text. */
export function recognise(type: CheckType, text: string): CheckFields {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  // a sentence may wrap: the status and issuer are read over the text as one line
  const p = plain(text).replace(/\s+/g, ' ');
  const fields: CheckFields = { ...findVat(text) };
  if (type === 'summarize') {
    const name = afterLabel(lines, /(?:nome|firma|denominacao(?: social)?|name|company)\s*:\s*/);
    if (name) fields.name = name.value;
    const address = findAddress(lines);
    if (address) fields.address = address;
    return fields;
  }
  fields.issuer = ISSUER[type].test(p);
  const status = STATUS[type];
  if (status.no.test(p)) fields.regularized = false;
  else if (status.yes.test(p)) fields.regularized = true;
  const issued = dateAfter(text, /(?:emitida|emitido|data de emissao|emissao|issued)[^0-9]{0,20}/);
  const validTo = dateAfter(text, /(?:valida ate|valido ate|validade ate|valid until|ate)\s*:?\s*/);
  if (issued) fields.issued = issued;
  if (validTo) fields.validTo = validTo;
  return fields;
}

/** What the answer's `recognised` holds: the findings a form can put into its fields. */
export type RecognisedFields = Partial<
  Pick<CheckFields, 'vat' | 'name' | 'address' | 'regularized' | 'issued' | 'validTo'> & {
    street: string;
    postcode: string;
    city: string;
  }
>;

/**
 * The findings of one file as fields for a form: an invalid VAT number and the issuer's words are
 * left to the `info` text (a form should not fill a number that fails its check digit), and the
 * address is also split into street, postcode and town.
 */
export function recognisedFields(f: CheckFields): RecognisedFields {
  const out: RecognisedFields = {};
  if (f.vat) out.vat = f.vat;
  if (f.name) out.name = f.name;
  if (f.address) Object.assign(out, { address: f.address }, splitAddress(f.address));
  if (f.regularized !== undefined) out.regularized = f.regularized;
  if (f.issued) out.issued = f.issued;
  if (f.validTo) out.validTo = f.validTo;
  return out;
}
