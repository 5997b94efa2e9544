/**
 * How suppliers see line prices (seed 000 sections 6 and 9). The tax group comes from the line's tax.
 */
import { VALUE_DECIMALS, fixed, toDecimal, type Amount } from './decimal.ts';

export const TAX_GROUPS = ['deductible', 'no-tax', 'non-deductible', 'deductible-intra'] as const;
export type TaxGroup = (typeof TAX_GROUPS)[number];

/** Warning on the tax value of intra-community deductible lines ('Value not present in the invoice'). */
export const TAX_NOT_IN_INVOICE_WARNING = 'Valor não presente na fatura';

export interface SupplierLineView {
  /** the value the supplier sees, 2 decimals */
  displayValue: string;
  /** set only for 'deductible-intra': shown next to the tax value */
  taxWarning?: string;
}

/**
 * Supplier-visible orders show:
 *   - 'no-tax' and 'deductible-intra': the net value (intra also warns that the tax value is not
 *     present in the invoice);
 *   - 'non-deductible': the value (net plus tax);
 *   - ordinary 'deductible', a missing or an unknown group: the net value (suppliers see prices as net
 *     values, seed 000 section 6).
 */
export function supplierLineView(
  line: { netValue?: Amount | null; value?: Amount | null },
  taxGroup: TaxGroup | string | null | undefined,
): SupplierLineView {
  if (taxGroup === 'non-deductible') return { displayValue: fixed(toDecimal(line.value), VALUE_DECIMALS) };
  const displayValue = fixed(toDecimal(line.netValue), VALUE_DECIMALS);
  if (taxGroup === 'deductible-intra') return { displayValue, taxWarning: TAX_NOT_IN_INVOICE_WARNING };
  return { displayValue };
}
