import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_SPECIALS, isValidPassword, passwordStrength, passwordViolations } from './password.ts';

describe('password policy', () => {
  it('accepts a password with uppercase, digit and special within 12 to 20 characters', () => {
    expect(passwordViolations('P2p-demo-2026!')).toEqual([]);
    expect(isValidPassword('Abcdefghij1!')).toBe(true); // exactly 12
    expect(isValidPassword('Abcdefghijklmnopq1!x')).toBe(true); // exactly 20
  });

  it('requires an uppercase letter', () => {
    expect(passwordViolations('abcdefghij1!')).toEqual(['uppercase']);
  });

  it('requires a digit', () => {
    expect(passwordViolations('Abcdefghijk!')).toEqual(['digit']);
  });

  it('requires a special character from the list', () => {
    expect(passwordViolations('Abcdefghijk1')).toEqual(['special']);
  });

  it('requires 12 to 20 characters', () => {
    expect(passwordViolations('Abcdefghi1!')).toEqual(['length']); // 11
    expect(passwordViolations('Abcdefghijklmnopqr1!x')).toEqual(['length']); // 21
  });

  it('refuses characters outside letters, digits and the special list', () => {
    expect(passwordViolations('Abcdefghij1! ')).toEqual(['characters']);
    expect(passwordViolations('Abcdefghij1!~')).toEqual(['characters']);
    expect(passwordViolations('Abcdéfghij1!')).toEqual(['characters']);
  });

  it('accepts every listed special character', () => {
    for (const ch of PASSWORD_SPECIALS) expect(isValidPassword(`Abcdefghij1${ch}`)).toBe(true);
  });

  it('reports every broken rule of the empty password', () => {
    expect(passwordViolations('')).toEqual(['uppercase', 'digit', 'special', 'length']);
  });

  it('never accepts a password that lacks a required class (property)', () => {
    const allowed = fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''),
      ...PASSWORD_SPECIALS,
    );
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 12, maxLength: 20 }), (chars) => {
        expect(isValidPassword(chars.join(''))).toBe(false); // no uppercase possible
      }),
    );
  });
});

describe('password strength', () => {
  it('is 0 for empty', () => expect(passwordStrength('')).toBe(0));
  it('is 3 with 8+ characters holding lower, upper and digit', () => {
    expect(passwordStrength('Abcdefg1')).toBe(3);
    expect(passwordStrength('Abcdef1')).toBe(2); // 7 characters
  });
  it('is 2 with 6+ characters holding two of the classes', () => {
    expect(passwordStrength('abcde1')).toBe(2);
    expect(passwordStrength('ABCDEf')).toBe(2);
    expect(passwordStrength('ABCDE1')).toBe(2);
    expect(passwordStrength('abcd1')).toBe(1); // 5 characters
  });
  it('is 1 for any other non-empty password', () => {
    expect(passwordStrength('a')).toBe(1);
    expect(passwordStrength('abcdefghijkl')).toBe(1);
    expect(passwordStrength('!!!!!!!!!!')).toBe(1);
  });
  it('is always between 1 and 3 for a non-empty password (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        const v = passwordStrength(s);
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(3);
      }),
    );
  });
});
