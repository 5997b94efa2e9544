import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { canReadAudit } from '@p2p/domain';
import { useUser } from '../../../lib/session.ts';
import { historyPath } from '../filters.ts';

/**
 * The audit history of one document, for the readers of the audit trail: a small link the route
 * module hands to the document pages (features do not import each other).
 */
export function AuditHistoryLink({ id }: { model: string; id: string }) {
  const { t } = useTranslation();
  const user = useUser();
  if (!canReadAudit(user)) return null;
  return (
    <Link
      to={historyPath('document', id)}
      className="p-button p-button-text p-button-sm audit-history-link"
      data-testid="audit-history-link"
    >
      <i className="pi pi-history" aria-hidden="true" /> {t('audit.history')}
    </Link>
  );
}
