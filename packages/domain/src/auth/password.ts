/** Password policy and strength meter of seed 000 section 5. */

export const PASSWORD_SPECIALS = '!@#$%^&*()-_=+{};:,<.>';
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 20;

export type PasswordRule = 'uppercase' | 'digit' | 'special' | 'length' | 'characters';

export const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  uppercase: 'Password must contain at least one uppercase letter.',
  digit: 'Password must contain at least one digit.',
  special: `Password must contain at least one special character among ${PASSWORD_SPECIALS}`,
  length: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`,
  characters: `Password may only contain letters, digits and ${PASSWORD_SPECIALS}`,
};

const isSpecial = (ch: string) => PASSWORD_SPECIALS.includes(ch);
const isAllowed = (ch: string) => /[A-Za-z0-9]/.test(ch) || isSpecial(ch);

/** Every rule the password breaks, in a stable order; empty when it is valid. */
export function passwordViolations(password: string): PasswordRule[] {
  const chars = [...password];
  const broken: PasswordRule[] = [];
  if (!/[A-Z]/.test(password)) broken.push('uppercase');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (!chars.some(isSpecial)) broken.push('special');
  if (chars.length < PASSWORD_MIN_LENGTH || chars.length > PASSWORD_MAX_LENGTH) broken.push('length');
  if (!chars.every(isAllowed)) broken.push('characters');
  return broken;
}

export const isValidPassword = (password: string): boolean => passwordViolations(password).length === 0;

export type PasswordStrength = 0 | 1 | 2 | 3;
export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  0: '',
  1: 'Weak',
  2: 'Medium',
  3: 'Strong',
};

/**
 * 3 strong: 8+ characters with lower, upper and digit; 2 medium: 6+ characters with two of those
 * three classes; 1 any other non-empty; 0 empty.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(password)).length;
  const length = [...password].length;
  if (length >= 8 && classes === 3) return 3;
  if (length >= 6 && classes >= 2) return 2;
  return 1;
}
