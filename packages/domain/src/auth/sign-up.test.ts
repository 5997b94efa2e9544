import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailDomain, EMAIL_DOMAIN_PATTERN, normalizeEmailDomains, signUpDecision } from './sign-up.ts';

describe('sign-up decision', () => {
  it('off refuses, approval admits as pending, domains admits listed e-mail domains at once', () => {
    expect(signUpDecision({ mode: 'off', domains: ['acme.com'] }, 'a@acme.com')).toEqual({
      outcome: 'refused',
      reason: 'closed',
    });
    expect(signUpDecision({ mode: 'approval', domains: [] }, 'a@anywhere.org')).toEqual({
      outcome: 'pending',
    });
    const listed = { mode: 'domains' as const, domains: ['@ACME.com '] };
    expect(signUpDecision(listed, 'Ann@Acme.COM')).toEqual({ outcome: 'active' });
    expect(signUpDecision(listed, 'ann@mail.acme.com')).toEqual({ outcome: 'refused', reason: 'domain' });
    expect(signUpDecision(listed, 'ann@acme.com.evil.org')).toEqual({ outcome: 'refused', reason: 'domain' });
    expect(signUpDecision(listed, 'acme.com')).toEqual({ outcome: 'refused', reason: 'domain' });
  });

  it('reads the domain after the last @', () => {
    expect(emailDomain('"a@b"@Example.ORG')).toBe('example.org');
    expect(emailDomain('no-at-sign')).toBe('');
  });

  it('normalises a domain list: trimmed, lower case, no @, no blanks or repeats', () => {
    expect(normalizeEmailDomains([' @Acme.com', 'acme.com', '', 'b.org ', '@ c.pt', '@@d.pt'])).toEqual([
      'acme.com',
      'b.org',
      'c.pt',
      'd.pt',
    ]);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('@', ' ', 'A', 'b', '.', '\t') })), (list) => {
        const once = normalizeEmailDomains(list);
        expect(normalizeEmailDomains(once)).toEqual(once);
      }),
    );
  });

  it('accepts host names of two labels or more only', () => {
    for (const ok of ['acme.com', 'mail.acme.co.uk', 'x-1.pt'])
      expect(EMAIL_DOMAIN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['acme', 'not a domain', '-acme.com', 'acme..com', 'acme.com/x'])
      expect(EMAIL_DOMAIN_PATTERN.test(bad), bad).toBe(false);
  });
});
