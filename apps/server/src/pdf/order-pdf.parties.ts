import type { ModelConfig } from '@p2p/domain';
import type { Db } from '../db/database.ts';
import { localize, type Label } from '../documents/model-config.ts';
import { settingsRepository } from '../config/settings.repository.ts';

/**
 * Who the order PDF names besides the supplier: where the goods go (ship to), where the invoice
 * goes (bill to), whom the supplier asks (the buyer's contact), and the payment terms in words.
 */

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** An address object ({name, street, postcode, city, country}) or text as printable lines. */
export function addressLines(value: unknown): string[] {
  if (typeof value === 'string') return value.split('\n').filter(Boolean);
  const a = obj(value);
  if (!Object.keys(a).length) return [];
  const name = str(a.name);
  const street = [str(a.street), str(a.street2)].filter(Boolean);
  const city = [str(a.postcode), str(a.city)].filter(Boolean).join(' ');
  return [name, ...street, city, str(a.country)].filter(Boolean);
}

/** An address that says where, not only a country (the form's delivery country alone is not one). */
const placed = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : Boolean(str(obj(value).street) || str(obj(value).city));

/**
 * The setting 'billTo' of a domain (app_settings): the legal name, VAT number and address that
 * invoices are made out to. An order may carry its own (data.billTo).
 */
export interface BillTo {
  name?: string;
  vat?: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
}

/** The label of a select field's option in the reader's language ('60D' -> '60 days'), else the key. */
export function optionLabel(model: ModelConfig, src: string, key: string, lang: string): string {
  for (const field of [...model.form.fields, ...model.list.fields]) {
    if (field.src !== src || !Array.isArray(field.items)) continue;
    for (const item of field.items) {
      const o = obj(item);
      if (str(o.key) === key && o.label) return String(localize(o.label as Label, lang));
    }
  }
  return key;
}

export function orderParties(db: Db) {
  /** A location of the domain (data.location: {_id}) as an address block under its name. */
  async function locationAddress(domainId: string, location: unknown): Promise<string[]> {
    const id = str(obj(location)._id);
    if (!id) return [];
    const row = await db
      .selectFrom('locations')
      .select(['name', 'address'])
      .where('domain_id', '=', domainId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? addressLines({ name: row.name, ...obj(row.address) }) : [];
  }

  return {
    /** The delivery's address, else the order's delivery address, else its location's (the plant warehouse). */
    async shipTo(domainId: string, data: Json, ship: Json | null): Promise<string[]> {
      for (const candidate of [ship?.address, data.deliveryAddress, data.address])
        if (placed(candidate)) return addressLines(candidate);
      return locationAddress(domainId, data.location);
    },

    /** The order's own bill-to, else the domain's setting, else the buying company's name. */
    async billTo(domainId: string, data: Json, companyName: string): Promise<string[]> {
      const own = placed(data.billTo) ? data.billTo : undefined;
      const setting = own ?? (await settingsRepository(db).get<BillTo>('billTo', domainId));
      const b = obj(setting);
      const lines = addressLines({ name: str(b.name) || companyName, ...b });
      return [...lines.slice(0, 1), ...(str(b.vat) ? [`VAT ${str(b.vat)}`] : []), ...lines.slice(1)];
    },

    /** The buyer who created the order: name and e-mail, for the supplier's questions. */
    async buyerContact(domainId: string, userId: string): Promise<string[]> {
      const row = await db
        .selectFrom('users')
        .select(['name', 'email'])
        .where('domain_id', '=', domainId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? [row.name, row.email].filter(Boolean) : [];
    },
  };
}
