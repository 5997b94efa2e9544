import { useTranslation } from '../lib/use-translation.ts';
import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-label={t('common.loading')}>
      {/* the spinner is a progressbar of its own, which axe wants named too */}
      <ProgressSpinner
        style={{ width: '2.5rem', height: '2.5rem' }}
        strokeWidth="4"
        aria-label={t('common.loading')}
      />
    </div>
  );
}
