import { useParams } from 'react-router';
import type { ApprovalSlot, AuditHistorySlot, DocumentActionSlot, FavoriteSlot } from '../slots.ts';
import { DocumentForm } from './DocumentForm.tsx';

/** The form route {path}/:id/:action? of a model. */
export function DocumentFormPage({
  model,
  path,
  favorite,
  auditHistory,
  approval,
  extraActions,
}: {
  model: string;
  path: string;
  favorite?: FavoriteSlot;
  auditHistory?: AuditHistorySlot;
  approval?: ApprovalSlot;
  extraActions?: DocumentActionSlot;
}) {
  const { id = 'new', action } = useParams();
  return (
    <DocumentForm
      key={`${model}-${id}`}
      model={model}
      path={path}
      id={id}
      action={action}
      favorite={favorite}
      auditHistory={auditHistory}
      approval={approval}
      extraActions={extraActions}
    />
  );
}

/** /read/:type/:id: the same form, read-only, in the 'read' layout. */
export function DocumentReadPage() {
  const { type = '', id = '' } = useParams();
  return <DocumentForm key={`${type}-${id}`} model={type} path={`/${type}`} id={id} readOnlyView />;
}
