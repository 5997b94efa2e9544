import { useTranslation } from '../lib/use-translation.ts';
import { passwordStrength, passwordViolations, type PasswordRule, type PasswordStrength } from '@p2p/domain';

const RULES: PasswordRule[] = ['uppercase', 'digit', 'special', 'length', 'characters'];
const STRENGTH_KEYS: Record<PasswordStrength, string> = { 0: '', 1: 'weak', 2: 'medium', 3: 'strong' };
const STRENGTH_COLORS: Record<PasswordStrength, string> = {
  0: 'transparent',
  1: '#ef4444',
  2: '#f59e0b',
  3: '#22c55e',
};

/** Strength meter (weak, medium, strong) and the password policy rules, each marked met or not, live. */
export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const broken = new Set(passwordViolations(password));
  return (
    <div className="password-meter" data-testid="password-meter">
      <div className="password-meter__bar" aria-hidden="true">
        <span style={{ width: `${(strength / 3) * 100}%`, background: STRENGTH_COLORS[strength] }} />
      </div>
      <div className="password-meter__label" data-testid="password-strength" data-strength={strength}>
        {strength > 0 ? `${t('password.strength')}: ${t(`password.${STRENGTH_KEYS[strength]}`)}` : '\u00a0'}
      </div>
      <ul className="password-rules" data-testid="password-rules">
        {RULES.map((rule) => {
          const ok = password.length > 0 && !broken.has(rule);
          return (
            <li key={rule} data-rule={rule} data-ok={ok} className={ok ? 'ok' : 'ko'}>
              <i className={`pi ${ok ? 'pi-check-circle' : 'pi-circle'}`} aria-hidden="true" />{' '}
              {t(`password.rules.${rule}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
