import { describe, expect, it } from 'vitest';
import {
  LONG_TEXT_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  maxTextLength,
  textLength,
} from '../fields/text-limits.ts';
import { textLengthErrors } from './text-length.ts';
import type { FieldConfig, ModelConfig } from './types.ts';

// `maxLength` is read from the field configuration as it is stored (FieldConfig does not type it yet)
const f = (
  src: string,
  label: string,
  extra: Partial<FieldConfig> & { maxLength?: number } = {},
): FieldConfig => ({
  src,
  label,
  type: 'text',
  ...extra,
});
const model = (fields: FieldConfig[]): Pick<ModelConfig, 'form'> => ({
  form: { options: {}, fields, groups: [] },
});

describe('text limits', () => {
  it('has a default per field type, overridable per field, none for types that hold no text', () => {
    expect(maxTextLength({ type: 'text' })).toBe(SHORT_TEXT_MAX_LENGTH);
    expect(maxTextLength({ type: undefined })).toBe(255);
    expect(maxTextLength({ type: 'ref_supplier' })).toBe(255);
    expect(maxTextLength({ type: 'textarea' })).toBe(LONG_TEXT_MAX_LENGTH);
    expect(maxTextLength({ type: 'email' })).toBe(254);
    expect(maxTextLength({ type: 'text', maxLength: 1000 })).toBe(1000);
    expect(maxTextLength({ type: 'text', maxLength: -1 })).toBe(255);
    expect(maxTextLength({ type: 'text', maxLength: '9' })).toBe(255);
    expect(maxTextLength({ type: 'lines' })).toBeNull();
    expect(maxTextLength({ type: 'checkbox' })).toBeNull();
  });

  it('counts characters as a person does: an emoji is one', () => {
    expect(textLength('\u{1F600}'.repeat(3))).toBe(3);
    expect(textLength('abc')).toBe(3);
    expect(textLength('\uD800x')).toBe(2);
  });
});

describe('textLengthErrors', () => {
  const fields = [
    f('description', 'Description'),
    f('justification', { en: 'Justification', pt: 'Justificação' } as never, { type: 'textarea' }),
    f('code', 'Code', { maxLength: 5 }),
    f('certifications', 'Certifications', { type: 'tags' }),
    f('lines', 'Lines', {
      type: 'lines',
      items: [f('item', 'Item'), f('description', 'Line text', { maxLength: 10 })],
    }),
  ];

  it('names each field over its maximum, lines with their position; [] when all fit', () => {
    const doc = {
      description: 'x'.repeat(256),
      justification: 'y'.repeat(4_001),
      code: '123456',
      certifications: ['ok', 'z'.repeat(300)],
      lines: [
        { pos: 10, item: 'MAT-1', description: 'short' },
        { pos: 20, item: 'MAT-2', description: 'far too long' },
      ],
    };
    expect(textLengthErrors(doc, model(fields))).toEqual([
      { field: 'description', message: 'Description is too long (at most 255 characters).' },
      { field: 'justification', message: 'Justification is too long (at most 4,000 characters).' },
      { field: 'code', message: 'Code is too long (at most 5 characters).' },
      { field: 'certifications', message: 'Certifications is too long (at most 255 characters).' },
      {
        field: 'description',
        line: { pos: 20, subpos: 0, key: 'MAT-2' },
        message: 'Line text is too long (at most 10 characters).',
      },
    ]);
    // in Portuguese the sentence, the label and the number (4000, no comma) are Portuguese
    expect(textLengthErrors(doc, model(fields), { lang: 'pt' })[1]).toEqual({
      field: 'justification',
      message: 'O campo Justificação é demasiado longo (no máximo 4000 caracteres).',
    });
    const fitting = {
      description: 'x'.repeat(255),
      code: '\u{1F600}'.repeat(5),
      lines: [{ description: 'ok' }],
    };
    expect(textLengthErrors(fitting, model(fields))).toEqual([]);
  });

  it('reports a field listed twice once, and ignores values that are not text', () => {
    const twice = [f('description', 'Description'), f('description', 'Description')];
    expect(textLengthErrors({ description: 'x'.repeat(300) }, model(twice))).toHaveLength(1);
    expect(textLengthErrors({ description: { a: 'x'.repeat(300) } }, model(twice))).toEqual([]);
  });
});
