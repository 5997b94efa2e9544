import {
  EMAIL_DOMAIN_PATTERN,
  normalizeEmailDomains,
  SIGN_UP_MESSAGES,
  SIGN_UP_MODES,
  type ApiFieldError,
  type SignUpPolicy,
} from '@p2p/domain';
import { DEFAULT_SIGN_UP } from '../config/default-settings.ts';
import { settingsRepository } from '../config/settings.repository.ts';
import type { Db } from '../db/database.ts';
import { fieldErrors } from '../lib/app-error.ts';

const SETTING = 'signUp';

/** A stored value of any shape read as a policy: an unknown mode falls back to the default. */
function asPolicy(value: unknown): SignUpPolicy {
  const v = (value ?? {}) as Partial<SignUpPolicy>;
  const mode = SIGN_UP_MODES.includes(v.mode as SignUpPolicy['mode']) ? v.mode! : DEFAULT_SIGN_UP.mode;
  const domains = Array.isArray(v.domains) ? normalizeEmailDomains(v.domains.map(String)) : [];
  return { mode, domains };
}

/** The sign-up setting of a domain, stored with the app settings ('*' is every domain's default). */
export function signUpPolicies(db: Db) {
  const settings = settingsRepository(db);
  return {
    read: async (domainId: string): Promise<SignUpPolicy> =>
      asPolicy((await settings.get<unknown>(SETTING, domainId)) ?? DEFAULT_SIGN_UP),

    /** Validates and stores the domain's own value; 400 names each bad e-mail domain. */
    async save(domainId: string, policy: SignUpPolicy): Promise<SignUpPolicy> {
      const domains = normalizeEmailDomains(policy.domains);
      const errors: ApiFieldError[] = domains
        .filter((d) => !EMAIL_DOMAIN_PATTERN.test(d))
        .map((d) => ({ field: 'domains', message: `${SIGN_UP_MESSAGES.invalidDomain} (${d})` }));
      if (policy.mode === 'domains' && domains.length === 0)
        errors.push({ field: 'domains', message: SIGN_UP_MESSAGES.domainsRequired });
      if (errors.length)
        throw fieldErrors(errors.map((e) => e.message).join(' '), errors, 'admin.sign-up-invalid');
      const saved = { mode: policy.mode, domains };
      await settings.set(SETTING, saved, domainId);
      return saved;
    },
  };
}
