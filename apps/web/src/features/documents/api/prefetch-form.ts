import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import { documentQuery } from './get-document.ts';
import { modelConfigQuery } from './get-model-config.ts';
import { organizationQuery } from './get-organization.ts';
import { purchasingConfigQuery } from './get-purchasing-config.ts';

export interface FormPrefetch {
  model: string;
  /** the document's id; 'new' (a new document) has nothing stored to fetch */
  id: string | undefined;
  /** the language of the model configuration's labels */
  lang: string;
}

/**
 * Starts every request the document form needs at once, under the queries' own keys, so the form
 * finds them answered or under way: the model and purchasing configurations, the organization
 * (plant selects) and the document. Called at route entry, before the form's code is loaded; a
 * request already answered and fresh is not asked again. Failures stay in the cache for the form
 * to show (it asks again on mount).
 */
export function prefetchDocumentForm(client: QueryClient, { model, id, lang }: FormPrefetch): void {
  if (!model) return;
  void client.prefetchQuery(modelConfigQuery(lang, model));
  void client.prefetchQuery(purchasingConfigQuery());
  void client.prefetchQuery(organizationQuery());
  if (id && id !== 'new') void client.prefetchQuery(documentQuery(model, id));
}

/**
 * Starts the form's requests as its route is entered, while the form's code chunk is still loading
 * (the route's element calls it as it renders; a loader on the route would hold the first render of
 * a reload until the router had run it, a second here). Nothing is asked without a session: the
 * route's guard sends the visitor to sign in.
 */
export function prefetchOnEntry(model: string, id: string | undefined): void {
  if (sessionStore.get().token) prefetchDocumentForm(queryClient, { model, id, lang: i18n.language });
}
