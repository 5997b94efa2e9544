/**
 * Purchasing configuration served by GET /config/purchasing (seed 000 sections 3 and 9): tax codes,
 * currencies and price conditions, each label in every language. TAX_CODES, CURRENCIES and
 * PRICE_CONDITION_LABELS are the English lists (pricing reads their rates and groups); the
 * functions give the lists in a reader's language.
 */
import { labelText } from '@p2p/domain';

/** A label in every language the app speaks. */
export type Texts = { en: string; pt: string };

export interface TaxCode {
  key: string;
  value: number;
  group: 'deductible' | 'no-tax' | 'non-deductible' | 'deductible-intra';
  label: string;
}

export interface Currency {
  key: string;
  label: string;
}

export interface PriceCondition {
  key: string;
  label: string;
  kind: 'percent' | 'amount';
}

type Labelled<T extends { label: string }> = Omit<T, 'label'> & { label: Texts };

export const TAX_CODE_TEXTS: ReadonlyArray<Labelled<TaxCode>> = [
  { key: 'IVA23', value: 23, group: 'deductible', label: { en: 'VAT 23%', pt: 'IVA 23%' } },
  { key: 'IVA13', value: 13, group: 'deductible', label: { en: 'VAT 13%', pt: 'IVA 13%' } },
  { key: 'IVA6', value: 6, group: 'deductible', label: { en: 'VAT 6%', pt: 'IVA 6%' } },
  { key: 'IVA0', value: 0, group: 'no-tax', label: { en: 'VAT exempt', pt: 'Isento de IVA' } },
  {
    key: 'ND23',
    value: 23,
    group: 'non-deductible',
    label: { en: 'Non-deductible VAT 23%', pt: 'IVA não dedutível 23%' },
  },
  {
    key: 'INTRA',
    value: 23,
    group: 'deductible-intra',
    label: { en: 'Intra-community acquisition 23%', pt: 'Aquisição intracomunitária 23%' },
  },
];

export const CURRENCY_TEXTS: ReadonlyArray<Labelled<Currency>> = [
  { key: 'EUR', label: { en: 'Euro', pt: 'Euro' } },
  { key: 'USD', label: { en: 'US dollar', pt: 'Dólar americano' } },
  { key: 'GBP', label: { en: 'Pound sterling', pt: 'Libra esterlina' } },
  { key: 'CHF', label: { en: 'Swiss franc', pt: 'Franco suíço' } },
];

export const PRICE_CONDITION_TEXTS: ReadonlyArray<Labelled<PriceCondition>> = [
  {
    key: 'RA01',
    label: { en: 'Discount % on gross price', pt: 'Desconto % sobre o preço bruto' },
    kind: 'percent',
  },
  { key: 'RB00', label: { en: 'Discount (absolute)', pt: 'Desconto (valor)' }, kind: 'amount' },
  { key: 'ZFA1', label: { en: 'Freight %', pt: 'Frete %' }, kind: 'percent' },
  { key: 'ZFB1', label: { en: 'Freight (absolute)', pt: 'Frete (valor)' }, kind: 'amount' },
  { key: 'Z030', label: { en: 'Miscellaneous extra costs', pt: 'Outros custos' }, kind: 'amount' },
];

const inLanguage = <T extends { label: Texts }>(list: ReadonlyArray<T>, lang: string) =>
  list.map((entry) => ({ ...entry, label: labelText(entry.label, lang) }));

export const taxCodes = (lang: string): TaxCode[] => inLanguage(TAX_CODE_TEXTS, lang);
export const currencies = (lang: string): Currency[] => inLanguage(CURRENCY_TEXTS, lang);
export const priceConditions = (lang: string): PriceCondition[] => inLanguage(PRICE_CONDITION_TEXTS, lang);

export const TAX_CODES: TaxCode[] = taxCodes('en');
export const CURRENCIES: Currency[] = currencies('en');
export const PRICE_CONDITION_LABELS: PriceCondition[] = priceConditions('en');
