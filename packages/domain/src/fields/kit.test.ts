import { describe, expect, it } from 'vitest';
import { clampProgress, clampStep, codeDigits, measureKindOf, phoneChars, ratingInterval } from './kit.ts';
import { kitValueErrors, kitValueProblem } from './kit-values.ts';

describe('kit rules', () => {
  it('stepper, progress, code and phone text', () => {
    expect(clampStep('abc', 0, 10)).toBeNull();
    expect(clampStep('12', 0, 10)).toBe(10);
    expect(clampStep(-1, 0)).toBe(0);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress('x')).toBe(0);
    expect(codeDigits('12-34 5678')).toBe('123456');
    expect(phoneChars('+351 (21) 123-45a67')).toBe('+351 (21) 123-4567');
  });
  it('measure kinds by type and the rating interval of a score', () => {
    expect(measureKindOf('ref_area')).toBe('area');
    expect(measureKindOf('measure', 'volume')).toBe('volume');
    expect(measureKindOf('measure')).toBe('weight');
    expect(
      ratingInterval(3, [
        { min: 1, max: 2 },
        { min: 3, max: 5, color: 'green' },
      ])?.color,
    ).toBe('green');
    expect(ratingInterval(null, [{ min: 1, max: 2 }])).toBeUndefined();
  });
});

describe('kit values a save accepts', () => {
  const f = (type: string, extra: Record<string, unknown> = {}) => ({ src: 'x', label: 'X', type, ...extra });
  it.each([
    ['rating', 5, null],
    ['rating', 6, 'rating'],
    ['rating', 2.5, 'rating'],
    ['progress', 100, null],
    ['progress', -1, 'progress'],
    ['verification-code', '123456', null],
    ['verification-code', '12345', 'code'],
    ['numeric-range', { from: 1, to: null }, null],
    ['numeric-range', { from: 3, to: 1 }, 'range'],
    ['ref_weight', { value: 2, uom: 'KG' }, null],
    ['ref_weight', { value: 2 }, 'measure'],
    ['ref_dimensions', { length: -1, uom: 'M' }, 'measure'],
    ['phone', '+351 (21) 000-000', null],
    ['phone', '+351 21 ext. 3', 'phone'],
    ['richtextarea', '<p>x</p>', null],
    ['richtextarea', 'x'.repeat(100_001), 'richtext'],
    ['rating', null, null],
  ])('%s %j', (type, value, problem) => {
    expect(kitValueProblem(f(type) as never, value)).toBe(problem);
  });
  it('multilingual values are one text per language; messages in the caller language', () => {
    expect(kitValueProblem(f('text', { langs: ['en', 'pt'] }) as never, { en: 'a', pt: 'b' })).toBeNull();
    expect(kitValueProblem(f('text', { langs: true }) as never, 'plain')).toBe('langs');
    const model = {
      form: { fields: [{ src: 'score', label: { en: 'Score', pt: 'Nota' }, type: 'rating', max: 3 }] },
    };
    expect(kitValueErrors({ score: 4 }, model as never, { lang: 'pt' })).toEqual([
      { field: 'score', message: 'O campo Nota deve ser um número inteiro de 0 a 3.' },
    ]);
    expect(kitValueErrors({ score: 3 }, model as never)).toEqual([]);
  });
});
