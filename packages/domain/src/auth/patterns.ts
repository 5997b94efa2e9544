/** Input patterns of seed 000 section 5. */
export const PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  url: /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i,
  letters: /^[\p{L}\s]+$/u,
  digits: /^[0-9]+$/,
  phone: /^[0-9()+\-\s]+$/,
  isoDate: /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
} as const;

export type PatternName = keyof typeof PATTERNS;
export const matchesPattern = (name: PatternName, value: string): boolean => PATTERNS[name].test(value);
