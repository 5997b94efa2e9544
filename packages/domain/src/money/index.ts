export {
  MoneyError,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  VALUE_DECIMALS,
  normalizeNumericInput,
  parseNumericInput,
  roundPrice,
  roundQuantity,
  roundValue,
  type Amount,
} from './decimal.ts';
export * from './lines.ts';
export * from './supplier-view.ts';
export * from './limits.ts';
