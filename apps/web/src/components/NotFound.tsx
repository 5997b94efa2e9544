import { useTranslation } from '../lib/use-translation.ts';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="not-found" data-testid="not-found">
      <i className="pi pi-compass" aria-hidden="true" />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </div>
  );
}
