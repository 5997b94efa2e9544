import { useParams } from 'react-router';
import { hasRole, type RouteConfig } from '@p2p/domain';
import { NotFound } from '../../components/NotFound.tsx';
import { useUser } from '../../lib/session.ts';
import { AuditHistoryLink } from '../../features/audit/index.ts';
import { FavoriteToggle } from '../../features/favorites/index.ts';
import { lazyPage } from './pages.tsx';

/** /frame/{source}: a known page of the app in a frame (its own chunk). */
export const FrameRoute = lazyPage(() => import('../../features/frame/index.ts').then((m) => m.FramePage));
/** The document form, from its own chunk like every documents page (routes/pages.tsx). */
const DocumentForm = lazyPage(() =>
  import('../../features/documents/components/DocumentForm.tsx').then((m) => m.DocumentForm),
);
/** The approval rules editor (view kind config-rule), from its own chunk: the first screen does not need it. */
const ApprovalRulesEditor = lazyPage(() =>
  import('../../features/approvals/components/ApprovalRulesEditor.tsx').then((m) => m.ApprovalRulesEditor),
);
/** /qr: the QR scanner (its own chunk; the decoder loads when the camera starts). */
export const QrRoute = lazyPage(() => import('../../features/qr/index.ts').then((m) => m.QrScannerPage));

/**
 * View kinds obj and invoicesObj: one record of the route's model in the document form; its id is
 * the route's :id, else the id the route's meta names.
 */
export function ObjectRoute({ route, path }: { route: RouteConfig; path: string }) {
  const params = useParams();
  const model = route.meta.model;
  // meta is open (additionalProperties): an obj route may name its record
  const named = (route.meta as { id?: unknown }).id;
  const metaId = typeof named === 'string' ? named : undefined;
  const id = params.id ?? metaId ?? 'new';
  if (!model) return <NotFound />;
  return (
    <DocumentForm
      key={`${model}-${id}`}
      model={model}
      path={path.replace(/\/:id\??$/, '')}
      id={id}
      action={params.action}
      favorite={FavoriteToggle}
      auditHistory={AuditHistoryLink}
    />
  );
}

/** View kind config-rule: the approval rules of the configuration, for administrators. */
export function ConfigRuleRoute() {
  return hasRole(useUser(), 'admin') ? <ApprovalRulesEditor /> : <NotFound />;
}
