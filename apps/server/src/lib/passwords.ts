import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_RULE_MESSAGES, passwordViolations } from '@p2p/domain';
import { fieldErrors } from './app-error.ts';

// Argon2id is the library's default algorithm (its Algorithm enum is a const enum we cannot import).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Throws a 400 listing every broken rule of the password policy. */
export function assertPasswordPolicy(password: string): void {
  const broken = passwordViolations(password);
  if (broken.length === 0) return;
  throw fieldErrors(
    'Password does not meet the policy.',
    broken.map((rule) => ({ field: 'password', message: PASSWORD_RULE_MESSAGES[rule] })),
    'auth.password-policy',
  );
}
