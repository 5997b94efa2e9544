/**
 * Text length validation of a document against its model (fields/text-limits.ts): every string a
 * form field or a line field holds, and every string of a list field (tags, users...), is at most the
 * field's maximum length. Errors use the contract's shape, lines carry their position.
 */
import type { ApiFieldError } from '../api/contract.ts';
import { isTextTooLong, maxTextLength } from '../fields/text-limits.ts';
import { renderMessage } from '../i18n/render.ts';
import { labelText, subFields } from './field-rules.ts';
import { getPath } from './paths.ts';
import type { DocumentLike, FieldConfig, LineLike, ModelConfig } from './types.ts';
import { lineRef } from './validation.ts';

/** Whether the value, or one string entry of a list value, is longer than max. */
function tooLong(value: unknown, max: number): boolean {
  if (typeof value === 'string') return isTextTooLong(value, max);
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && isTextTooLong(v, max));
  return false;
}

/**
 * '{label} is too long (at most N characters).' (in ctx.lang) for every field of the model whose text is longer
 * than its maximum (its `maxLength`, else its type's default); [] when every text fits.
 */
export function textLengthErrors(
  doc: DocumentLike,
  model: Pick<ModelConfig, 'form'>,
  ctx: { lang?: string } = {},
): ApiFieldError[] {
  const lang = ctx.lang ?? 'en';
  const errors: ApiFieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string, line?: ReturnType<typeof lineRef>) => {
    const id = line ? `${field}@${line.pos}/${line.subpos}` : field;
    if (seen.has(id)) return;
    seen.add(id);
    errors.push(line ? { field, line, message } : { field, message });
  };
  // textTooLongMessage of fields/text-limits.ts in the caller's language
  const message = (field: FieldConfig, max: number) =>
    renderMessage('validation.too-long', { label: labelText(field.label, lang) || field.src, max }, lang);
  for (const field of model.form.fields) {
    const items = subFields(field);
    if (items) {
      const rows = getPath(doc, field.src);
      if (!Array.isArray(rows)) continue;
      rows.forEach((row: unknown, i) => {
        if (row === null || typeof row !== 'object') return;
        for (const item of items) {
          const max = maxTextLength(item);
          if (max !== null && tooLong(getPath(row, item.src), max))
            add(item.src, message(item, max), lineRef(row as LineLike, i));
        }
      });
      continue;
    }
    const max = maxTextLength(field);
    if (max !== null && tooLong(getPath(doc, field.src), max)) add(field.src, message(field, max));
  }
  return errors;
}
