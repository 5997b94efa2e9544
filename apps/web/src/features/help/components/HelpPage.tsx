import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router';
import { HelpContent } from './HelpContent.tsx';

export function HelpPage() {
  const { t } = useTranslation();
  const { doc = 'help' } = useParams();
  return (
    <div className="page help-page" data-testid="help-page">
      <h1>{t('messages.helpTitle')}</h1>
      <HelpContent doc={doc} />
    </div>
  );
}
