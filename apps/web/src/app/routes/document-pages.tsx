import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { useParams } from 'react-router';
import { prefetchOnEntry } from '../../features/documents/api/prefetch-form.ts';
import { DocumentFormPage, DocumentReadPage } from './pages.tsx';

// the message box comes with the document pages' chunks, not the entry chunk
const MessageBox = lazy(() =>
  import('../../features/messages/components/MessageBox.tsx').then((m) => ({ default: m.MessageBox })),
);

/** The notes of a stored document below its form: the messages feature next to the documents feature. */
function Notes({ model, id }: { model: string; id: string | undefined }) {
  if (!id || id === 'new' || !model) return null;
  return (
    <Suspense fallback={null}>
      <MessageBox model={model} id={id} />
    </Suspense>
  );
}

/** The form route {path}/:id/:action? of a model, with the document's message box. */
export function DocumentFormRoute(props: ComponentProps<typeof DocumentFormPage>) {
  const { id } = useParams();
  // the form's requests start now, beside its code; asked once per document (an answered, fresh
  // query is not asked again)
  useMemo(() => prefetchOnEntry(props.model, id), [props.model, id]);
  return (
    <>
      <DocumentFormPage {...props} />
      <Notes key={`${props.model}-${id ?? ''}`} model={props.model} id={id} />
    </>
  );
}

/** /read/:type/:id: the read-only document view, with its message box. */
export function DocumentReadRoute() {
  const { type = '', id } = useParams();
  return (
    <>
      <DocumentReadPage />
      <Notes key={`${type}-${id ?? ''}`} model={type} id={id} />
    </>
  );
}
