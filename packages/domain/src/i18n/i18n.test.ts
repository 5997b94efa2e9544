import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLE_KEYS } from '../roles/roles.ts';
import { MESSAGES } from '../shell/constants.ts';
import { requiredMessage } from '../documents/validation.ts';
import { MESSAGE_AREAS, MESSAGE_CATALOGUE, type MessageKey } from './catalogue.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';
import { acceptedLanguage, callerLanguage } from './languages.ts';
import { formatCount, renderMessage, translateText } from './render.ts';
import { ROLE_NAMES, roleName } from './roles.ts';

const entries = Object.entries(MESSAGE_CATALOGUE) as Array<[MessageKey, CatalogueEntry]>;
const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('gives every message a Portuguese text with the same parameters', () => {
    for (const [key, entry] of entries) {
      expect(entry.pt.trim(), key).not.toBe('');
      expect(entry.pt, key).not.toBe(entry.en);
      expect(paramsOf(entry.pt), key).toEqual(paramsOf(entry.en));
    }
  });

  it('names each key in one area only and each English text once', () => {
    const keys = MESSAGE_AREAS.flatMap((area) => Object.keys(area));
    expect(new Set(keys).size).toBe(keys.length);
    const texts = entries.map(([, e]) => e.en);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('finds every message again by its English text, whatever its parameters', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s !== '');
    for (const [key, entry] of entries) {
      if (entry.byText === false) continue;
      fc.assert(
        fc.property(value, (v) => {
          const params = Object.fromEntries(paramsOf(entry.en).map((name) => [name, v]));
          expect(translateText(renderMessage(key, params, 'en'), 'pt')).toBe(
            renderMessage(key, params, 'pt'),
          );
        }),
        { numRuns: 20 },
      );
    }
  });
});

describe('renderMessage and translateText', () => {
  it('renders labels and counts in the language', () => {
    const label = { en: 'Delivery date', pt: 'Data de entrega' };
    expect(renderMessage('validation.required', { label }, 'en')).toBe('Delivery date is required.');
    expect(renderMessage('validation.required', { label }, 'pt')).toBe(
      'O campo Data de entrega é obrigatório.',
    );
    expect(renderMessage('validation.too-long', { label, max: 4000 }, 'en')).toBe(
      'Delivery date is too long (at most 4,000 characters).',
    );
    expect(renderMessage('validation.too-long', { label, max: 4000 }, 'xx')).toContain('4,000');
    expect(formatCount(1234567, 'pt')).toBe('1\u00a0234\u00a0567');
    expect(formatCount(1.5, 'en')).toBe('1.5');
  });

  it('keeps the English required message as it always was', () => {
    fc.assert(fc.property(fc.string(), (label) => requiredMessage(label) === `${label} is required.`));
  });

  it('translates a known English text, keeps an unknown one, never translates into English', () => {
    expect(translateText('Subtype is required.', 'pt')).toBe('O subtipo é obrigatório.');
    expect(translateText("Unknown subtype 'R999'.", 'pt')).toBe("Subtipo 'R999' desconhecido.");
    expect(translateText('Line 20/1 appears twice.', 'pt')).toBe('A linha 20/1 aparece duas vezes.');
    expect(translateText('Something nobody wrote.', 'pt')).toBe('Something nobody wrote.');
    expect(translateText('Subtype is required.', 'en')).toBe('Subtype is required.');
    expect(translateText('Subtype is required.', 'de')).toBe('Subtype is required.');
    // the web signs a user out on this 401 by its English text
    expect(translateText(MESSAGES.tokenInvalid, 'pt')).toBe(MESSAGES.tokenInvalid);
    // labels are the producers' to translate: no half-translated sentence
    expect(translateText('Description is too long (at most 5 characters).', 'pt')).toBe(
      'Description is too long (at most 5 characters).',
    );
  });
});

describe('the caller language', () => {
  it('reads Accept-Language by quality, ignoring regions and q=0', () => {
    expect(acceptedLanguage('pt-PT,pt;q=0.9,en;q=0.8')).toBe('pt');
    expect(acceptedLanguage('de-DE,pt;q=0.5,en;q=0.4')).toBe('pt');
    expect(acceptedLanguage('en;q=0.3, pt-BR;q=0.7')).toBe('pt');
    expect(acceptedLanguage('pt;q=0, en')).toBe('en');
    expect(acceptedLanguage('fr, de')).toBe('en');
    expect(acceptedLanguage('*')).toBe('en');
    expect(acceptedLanguage('')).toBe('en');
    expect(acceptedLanguage(undefined)).toBe('en');
    fc.assert(fc.property(fc.string(), (h) => ['en', 'pt'].includes(acceptedLanguage(h))));
  });

  it("prefers the user's saved language over the header", () => {
    expect(callerLanguage('pt', 'en')).toBe('pt');
    expect(callerLanguage('en', 'pt')).toBe('en');
    expect(callerLanguage(null, 'pt-PT')).toBe('pt');
    expect(callerLanguage('xx', 'pt')).toBe('pt');
  });
});

describe('role names', () => {
  it('names every role in English and Portuguese', () => {
    for (const key of ROLE_KEYS) {
      expect(ROLE_NAMES[key].en).not.toBe('');
      expect(ROLE_NAMES[key].pt).not.toBe('');
    }
    expect(roleName('buyer', 'pt')).toBe('Comprador');
    expect(roleName('buyer', 'en')).toBe('Buyer');
    expect(roleName('buyer', null)).toBe('Buyer');
    expect(roleName('nobody', 'pt', 'Stored name')).toBe('Stored name');
  });
});
