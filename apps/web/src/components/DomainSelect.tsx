import type { Domain } from '@p2p/domain';
import { useTranslation } from '../lib/use-translation.ts';

export interface DomainSelectProps {
  domains: readonly Domain[];
  value: string | null;
  onChange: (id: string) => void;
  id?: string;
  /** 'select' for forms, 'cards' lists each domain with its logo */
  variant?: 'select' | 'cards';
  disabled?: boolean;
}

export function DomainSelect({
  domains,
  value,
  onChange,
  id = 'domain',
  variant = 'select',
  disabled,
}: DomainSelectProps) {
  const { t } = useTranslation();
  if (variant === 'cards') {
    return (
      <div
        className="domain-cards"
        role="radiogroup"
        aria-label={t('common.domain')}
        data-testid="domain-selector"
      >
        {domains.map((d) => (
          <button
            key={d.id}
            type="button"
            role="radio"
            aria-checked={d.id === value}
            className={`domain-card${d.id === value ? ' domain-card--active' : ''}`}
            disabled={disabled}
            onClick={() => onChange(d.id)}
            data-testid={`domain-${d.id}`}
          >
            <img src={d.logo} alt="" />
            <span>{d.name}</span>
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('common.domain')}</label>
      <select
        id={id}
        className="p-inputtext p-component native-select"
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {domains.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </div>
  );
}
