import { describe, expect, it } from 'vitest';
import { matchesPattern } from './patterns.ts';

describe('patterns', () => {
  it('e-mail', () => {
    expect(matchesPattern('email', 'ana.silva@alfa.pt')).toBe(true);
    expect(matchesPattern('email', 'ana@alfa')).toBe(false);
    expect(matchesPattern('email', 'ana silva@alfa.pt')).toBe(false);
  });
  it('url with http, https or ftp', () => {
    expect(matchesPattern('url', 'https://example.com/a')).toBe(true);
    expect(matchesPattern('url', 'ftp://files.example.com')).toBe(true);
    expect(matchesPattern('url', 'mailto:a@b.c')).toBe(false);
  });
  it('letters only, digits, phone characters', () => {
    expect(matchesPattern('letters', 'João Conceição')).toBe(true);
    expect(matchesPattern('letters', 'R2D2')).toBe(false);
    expect(matchesPattern('digits', '0123')).toBe(true);
    expect(matchesPattern('digits', '12a')).toBe(false);
    expect(matchesPattern('phone', '+351 (21) 123-4567')).toBe(true);
    expect(matchesPattern('phone', '21 123 456 ext')).toBe(false);
  });
  it('ISO dates', () => {
    expect(matchesPattern('isoDate', '2026-11-25')).toBe(true);
    expect(matchesPattern('isoDate', '2026-11-25T10:00:00.000Z')).toBe(true);
    expect(matchesPattern('isoDate', '25-11-2026')).toBe(false);
  });
});
