import { useParams } from 'react-router';
import { DocumentForm } from './DocumentForm.tsx';

/** The form route {path}/:id/:action? of a model. */
export function DocumentFormPage({ model, path }: { model: string; path: string }) {
  const { id = 'new', action } = useParams();
  return <DocumentForm key={`${model}-${id}`} model={model} path={path} id={id} action={action} />;
}

/** /read/:type/:id: the same form, read-only, in the 'read' layout. */
export function DocumentReadPage() {
  const { type = '', id = '' } = useParams();
  return <DocumentForm key={`${type}-${id}`} model={type} path={`/${type}`} id={id} readOnlyView />;
}
