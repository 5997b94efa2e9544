/**
 * Server-side checks of the values of the interface kit's field types (seed 001 sections 3 and 5):
 * a save is refused with a field error when a rating, progress, code, range, measure, phone or rich
 * text holds something its input could never produce. Empty values are left to `required`.
 */
import type { ApiFieldError } from '../api/contract.ts';
import { labelText } from '../documents/field-rules.ts';
import { getPath } from '../documents/paths.ts';
import type { FieldConfig, ModelConfig } from '../documents/types.ts';
import { resolveFieldType } from './field-types.ts';
import {
  PHONE_PATTERN,
  PROGRESS_MAX,
  PROGRESS_MIN,
  RATING_MAX_DEFAULT,
  RICH_TEXT_MAX_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './kit.ts';

type Problem = 'rating' | 'progress' | 'code' | 'range' | 'measure' | 'phone' | 'richtext' | 'langs';

const MESSAGES: Record<'en' | 'pt', Record<Problem, string>> = {
  en: {
    rating: '{label} must be a whole number from 0 to {max}.',
    progress: '{label} must be a number from 0 to 100.',
    code: '{label} must have {max} digits.',
    range: '{label}: the start must not be above the end.',
    measure: '{label} must hold numbers of zero or more and a unit.',
    phone: '{label} may only hold digits, parentheses, hyphens, plus and spaces.',
    richtext: '{label} is too long (at most {max} characters).',
    langs: '{label} must hold one text per language.',
  },
  pt: {
    rating: 'O campo {label} deve ser um número inteiro de 0 a {max}.',
    progress: 'O campo {label} deve ser um número de 0 a 100.',
    code: 'O campo {label} deve ter {max} dígitos.',
    range: 'O campo {label}: o início não pode ser superior ao fim.',
    measure: 'O campo {label} deve ter números iguais ou superiores a zero e uma unidade.',
    phone: 'O campo {label} só pode ter dígitos, parênteses, hífenes, mais e espaços.',
    richtext: 'O campo {label} é demasiado longo (no máximo {max} caracteres).',
    langs: 'O campo {label} deve ter um texto por idioma.',
  },
};

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optNum = (v: unknown) => v === null || v === undefined || v === '' || isNum(v);

/** The problem of one value of the field, or null when it is acceptable (or empty). */
export function kitValueProblem(
  field: FieldConfig & Record<string, unknown>,
  value: unknown,
): Problem | null {
  if (value === null || value === undefined || value === '') return null;
  if (field.langs) {
    if (typeof value !== 'object' || Array.isArray(value)) return 'langs';
    if (Object.values(value as object).some((v) => v !== null && typeof v !== 'string')) return 'langs';
    return null;
  }
  switch (resolveFieldType(field.type)) {
    case 'rating': {
      const max = isNum(field.max) ? field.max : RATING_MAX_DEFAULT;
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? null : 'rating';
    }
    case 'progress':
      return isNum(value) && value >= PROGRESS_MIN && value <= PROGRESS_MAX ? null : 'progress';
    case 'verification-code': {
      const len = isNum(field.max) ? field.max : VERIFICATION_CODE_LENGTH;
      return typeof value === 'string' && new RegExp(`^\\d{${len}}$`).test(value) ? null : 'code';
    }
    case 'numeric-range': {
      if (typeof value !== 'object') return 'range';
      const { from, to } = value as { from?: unknown; to?: unknown };
      if (!optNum(from) || !optNum(to)) return 'range';
      return isNum(from) && isNum(to) && from > to ? 'range' : null;
    }
    case 'measure':
    case 'ref_dimensions':
    case 'ref_weight':
    case 'ref_volume':
    case 'ref_area': {
      if (typeof value !== 'object' || Array.isArray(value)) return 'measure';
      const m = value as Record<string, unknown>;
      const nums = ['value', 'length', 'width', 'height'].map((k) => m[k]);
      if (!nums.every(optNum) || nums.some((n) => isNum(n) && n < 0)) return 'measure';
      if (nums.some(isNum) && (typeof m.uom !== 'string' || !m.uom)) return 'measure';
      return null;
    }
    case 'phone':
      return typeof value === 'string' && PHONE_PATTERN.test(value) ? null : 'phone';
    case 'richtextarea':
      return typeof value === 'string' && value.length <= RICH_TEXT_MAX_LENGTH ? null : 'richtext';
    default:
      return null;
  }
}

/** Field errors (in `lang`) of every kit value of the form that its input could not have produced. */
export function kitValueErrors(
  doc: unknown,
  model: Pick<ModelConfig, 'form'>,
  ctx: { lang?: string } = {},
): ApiFieldError[] {
  const lang = ctx.lang === 'pt' ? 'pt' : 'en';
  const errors: ApiFieldError[] = [];
  for (const field of model.form.fields) {
    const problem = kitValueProblem(field as FieldConfig & Record<string, unknown>, getPath(doc, field.src));
    if (!problem) continue;
    const max =
      problem === 'richtext'
        ? RICH_TEXT_MAX_LENGTH
        : isNum(field.max)
          ? field.max
          : problem === 'code'
            ? VERIFICATION_CODE_LENGTH
            : RATING_MAX_DEFAULT;
    const message = MESSAGES[lang][problem]
      .replace('{label}', labelText(field.label, lang) || field.src)
      .replace('{max}', String(max));
    errors.push({ field: field.src, message });
  }
  return errors;
}
