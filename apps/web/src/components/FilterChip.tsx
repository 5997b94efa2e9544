import './filter-chip.css';
import { useTranslation } from '../lib/use-translation.ts';
import { useNavigate } from 'react-router';

export interface FilterChipProps {
  label: string;
  /**
   * the settings screen a click opens (default /account, where the user's settings are); a
   * removable chip without one is a plain label with its remove button
   */
  settingsPath?: string;
  /** a filter the host can drop (a link's filter on a list): a small remove button beside it */
  onRemove?: () => void;
  testId?: string;
}

/**
 * A chip naming an active filter (seed 001 section 2.12): a click opens the settings screen where it
 * is changed; with `onRemove`, its remove button drops the filter.
 */
export function FilterChip({ label, settingsPath, onRemove, testId }: FilterChipProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // a removable filter opens settings only when the host names them
  const opens = settingsPath !== undefined || !onRemove;
  return (
    <span className="p-chip filter-chip" data-testid={testId ?? 'filter-chip'}>
      {!opens && <span className="p-chip-text">{label}</span>}
      {opens && (
        <button
          type="button"
          className="filter-chip__open"
          title={t('kit.filterChip.open')}
          aria-label={`${label} – ${t('kit.filterChip.open')}`}
          onClick={() => void navigate(settingsPath ?? '/account')}
          data-testid="filter-chip-open"
        >
          <i className="pi pi-filter" aria-hidden="true" /> <span className="p-chip-text">{label}</span>
        </button>
      )}
      {onRemove && (
        <button
          type="button"
          className="filter-chip__remove"
          aria-label={t('kit.filterChip.remove', { label })}
          title={t('kit.filterChip.remove', { label })}
          onClick={onRemove}
          data-testid="filter-chip-remove"
        >
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
