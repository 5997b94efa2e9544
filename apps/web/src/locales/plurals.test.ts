import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import en from './en.json';
import pt from './pt.json';

/**
 * Counted texts read right in both languages. i18next picks the plural form with Intl.PluralRules,
 * and for 'pt' those are Brazilian Portuguese rules, in which 0 is singular ('0 condição'). The app
 * writes European Portuguese, where 0 is plural: every counted text has a `_zero` form, which
 * i18next takes for a count of 0 in any language.
 */

const flat = (obj: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      v && typeof v === 'object'
        ? Object.entries(flat(v as object, `${prefix}${k}.`))
        : [[`${prefix}${k}`, String(v)]],
    ),
  );

const counted = (texts: Record<string, string>) =>
  Object.keys(texts)
    .filter((k) => k.endsWith('_one'))
    .map((k) => k.slice(0, -'_one'.length));

describe('plural texts', () => {
  it('give every counted text its zero, one and other forms in en and pt', () => {
    for (const texts of [flat(en), flat(pt)]) {
      const keys = counted(texts);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) {
        expect(texts[`${key}_zero`], key).toBeDefined();
        expect(texts[`${key}_other`], key).toBeDefined();
        // zero reads as the plural, never the singular
        expect(texts[`${key}_zero`], key).toBe(texts[`${key}_other`]);
      }
    }
  });

  it("writes '0 condições', '1 condição', '2 condições' and the English forms", () => {
    const t = (count: number, lng: string) => i18n.t('documents.conditions', { count, lng });
    expect([t(0, 'pt'), t(1, 'pt'), t(2, 'pt')]).toEqual(['0 condições', '1 condição', '2 condições']);
    expect([t(0, 'en'), t(1, 'en'), t(2, 'en')]).toEqual(['0 conditions', '1 condition', '2 conditions']);
  });

  it('uses the singular for one only, for every counted text in both languages', () => {
    for (const [lng, texts] of [
      ['pt', flat(pt)],
      ['en', flat(en)],
    ] as const) {
      for (const key of counted(texts)) {
        const render = (count: number) => i18n.t(key, { count, lng });
        const plural = (count: number) => texts[`${key}_other`]!.replace('{{count}}', String(count));
        expect(render(0), `${lng} ${key}`).toBe(plural(0));
        expect(render(1), `${lng} ${key}`).toBe(texts[`${key}_one`]!.replace('{{count}}', '1'));
        expect(render(7), `${lng} ${key}`).toBe(plural(7));
      }
    }
  });
});
