/** Purchasing configuration served by GET /config/purchasing (seed 000 sections 3 and 9). */

export interface TaxCode {
  key: string;
  value: number;
  group: 'deductible' | 'no-tax' | 'non-deductible' | 'deductible-intra';
  label: string;
}

export const TAX_CODES: TaxCode[] = [
  { key: 'IVA23', value: 23, group: 'deductible', label: 'VAT 23%' },
  { key: 'IVA13', value: 13, group: 'deductible', label: 'VAT 13%' },
  { key: 'IVA6', value: 6, group: 'deductible', label: 'VAT 6%' },
  { key: 'IVA0', value: 0, group: 'no-tax', label: 'VAT exempt' },
  { key: 'ND23', value: 23, group: 'non-deductible', label: 'Non-deductible VAT 23%' },
  { key: 'INTRA', value: 23, group: 'deductible-intra', label: 'Intra-community acquisition 23%' },
];

export const CURRENCIES = [
  { key: 'EUR', label: 'Euro' },
  { key: 'USD', label: 'US dollar' },
  { key: 'GBP', label: 'Pound sterling' },
  { key: 'CHF', label: 'Swiss franc' },
];

export const PRICE_CONDITION_LABELS: Array<{ key: string; label: string; kind: 'percent' | 'amount' }> = [
  { key: 'RA01', label: 'Discount % on gross price', kind: 'percent' },
  { key: 'RB00', label: 'Discount (absolute)', kind: 'amount' },
  { key: 'ZFA1', label: 'Freight %', kind: 'percent' },
  { key: 'ZFB1', label: 'Freight (absolute)', kind: 'amount' },
  { key: 'Z030', label: 'Miscellaneous extra costs', kind: 'amount' },
];
