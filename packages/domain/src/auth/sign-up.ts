/**
 * Self-service sign-up as a domain setting: who may create an account, and whether it works at once.
 * The server decides with `signUpDecision`; the web app reads the same modes to word the sign-up page.
 */

/**
 * - `off`: nobody signs up; an administrator creates accounts.
 * - `domains`: open to e-mail addresses of the listed e-mail domains; the account is active at once.
 * - `approval`: open to anyone; the account waits (pending) until an administrator approves it.
 */
export const SIGN_UP_MODES = ['off', 'domains', 'approval'] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

export interface SignUpPolicy {
  mode: SignUpMode;
  /** e-mail domains (`acme.example.com`) the `domains` mode admits; exact matches only */
  domains: string[];
}

/** Texts of the sign-up answers (English; the web app shows its own translation by error key). */
export const SIGN_UP_MESSAGES = {
  closed: 'Sign-up is closed. Ask an administrator for an account.',
  domain: 'Sign-up is open only to e-mail addresses of the organisation.',
  created: 'Your account was created.',
  pending: 'Your account was created and waits for approval by an administrator.',
  invalidDomain: 'Not a valid e-mail domain.',
  domainsRequired: 'List at least one e-mail domain.',
} as const;

/** A host name of at least two labels: letters, digits and inner hyphens. */
export const EMAIL_DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The domain part of an e-mail address, lower case ('' when there is no '@'). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Trimmed, lower case, without a leading '@', without blanks and repeats, in the order given. */
export function normalizeEmailDomains(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of list) {
    // Blanks and @ are stripped together so that a second pass finds nothing more to strip.
    const d = raw
      .toLowerCase()
      .replace(/^[\s@]+/, '')
      .trim();
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}

export type SignUpDecision =
  { outcome: 'active' } | { outcome: 'pending' } | { outcome: 'refused'; reason: 'closed' | 'domain' };

/** What a sign-up with this e-mail address gets under the policy. */
export function signUpDecision(policy: SignUpPolicy, email: string): SignUpDecision {
  if (policy.mode === 'approval') return { outcome: 'pending' };
  if (policy.mode === 'domains') {
    const allowed = normalizeEmailDomains(policy.domains);
    return allowed.includes(emailDomain(email))
      ? { outcome: 'active' }
      : { outcome: 'refused', reason: 'domain' };
  }
  return { outcome: 'refused', reason: 'closed' };
}
