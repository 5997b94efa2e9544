import { useTranslation } from '../lib/use-translation.ts';
import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-label={t('common.loading')}>
      <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
    </div>
  );
}
