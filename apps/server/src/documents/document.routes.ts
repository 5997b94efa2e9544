import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  DocumentListSchema,
  DocumentResponseSchema,
  EditInfoSchema,
  errorResponses,
  OkSchema,
  TimelineResponseSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import {
  DocumentBody,
  DocumentParams,
  ListQuery,
  ModelParams,
  ReopenBody,
  ToggleEnabledBody,
  WorkflowBody,
} from './document.schema.ts';
import type { ListParams } from './document.service.ts';
import { modelConfigRoutes } from './model-config.routes.ts';

const LIST_KEYS = new Set(['q', 'p', 'l', 's', 'c', 'ts', 'context']);

function listParams(query: Record<string, unknown>): ListParams {
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (!LIST_KEYS.has(k)) filters[k] = String(v);
  return {
    ...(typeof query.q === 'string' ? { q: query.q } : {}),
    ...(typeof query.p === 'string' ? { p: Number(query.p) } : {}),
    ...(typeof query.l === 'string' ? { l: Number(query.l) } : {}),
    ...(typeof query.s === 'string' ? { s: query.s } : {}),
    ...(typeof query.c === 'string' ? { c: query.c } : {}),
    ...(query.context === 'none' ? { ignoreContext: true } : {}),
    filters,
  };
}

const Document = described(DocumentResponseSchema, 'The document as the caller now reads it');
const List = described(DocumentListSchema, 'One page of rows');
const Done = described(OkSchema, 'Done');
const EditInfo = described(EditInfoSchema, 'Another user editing the document, if any');
/** Every call on one document: 404 outside the caller's scope, 403 not allowed. */
const readErrors = errorResponses(400, 401, 403, 404, 503);
/** Changes also answer 409: a stale _version, or a state that does not allow the change. */
const writeErrors = errorResponses(400, 401, 403, 404, 409, 503);

/** The documents of every model, and their model configurations (seed 000 sections 3, 4, 7). */
export const documentRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { documents } = services;
  const tags = ['documents'];

  // the model configurations (/config/model, /config/formGroupFields, /config/subtype, /config/purchasing)
  await app.register(modelConfigRoutes, { services });

  app.get(
    '/purchasing/:model',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: 'List documents: q search, p page, l page size, s sort, c count, other keys filter by field',
        description:
          "Each row holds the document's relational facts (id, key, type, state, supplier, requester, " +
          'group, plant, values, version) and, of its other data, what the list shows: the first key of ' +
          "every list field's src, the names its expressions read, and name, description, currency, " +
          'enabled and flag. GET /purchasing/{model}/{id} answers the whole document.',
        params: ModelParams,
        querystring: ListQuery,
        response: { 200: List, ...readErrors },
      },
    },
    (req) => documents.list(caller(req), req.params.model, listParams(req.query)),
  );
  app.get(
    '/purchasing/:model/trash',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'listTrash',
        summary: 'Deleted documents (same paging as the list)',
        params: ModelParams,
        querystring: ListQuery,
        response: { 200: List, ...readErrors },
      },
    },
    (req) => documents.trash(caller(req), req.params.model, listParams(req.query)),
  );
  app.post(
    '/purchasing/:model',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'createDocument',
        summary: 'Create a document (values computed by the server)',
        params: ModelParams,
        body: DocumentBody,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.create(caller(req), req.params.model, req.body),
  );
  app.get(
    '/purchasing/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'getDocument',
        summary: 'A document with its lines, the actions offered to the caller and its permissions',
        params: DocumentParams,
        response: { 200: Document, ...readErrors },
      },
    },
    (req) => documents.read(caller(req), req.params.model, req.params.id),
  );
  app.put(
    '/purchasing/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'updateDocument',
        summary: 'Save a document; _version must match (409 when stale)',
        params: DocumentParams,
        body: DocumentBody,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.update(caller(req), req.params.model, req.params.id, req.body),
  );
  app.put(
    '/purchasing/:model/:id/toggle-enabled',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'toggleDocumentEnabled',
        summary: "Switch a record's 'enabled' flag (the list's enabled column)",
        params: DocumentParams,
        body: ToggleEnabledBody,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.toggleEnabled(caller(req), req.params.model, req.params.id, req.body.value),
  );
  app.delete(
    '/purchasing/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'deleteDocument',
        summary: 'Move a document to the trash',
        params: DocumentParams,
        response: { 200: Done, ...writeErrors },
      },
    },
    (req) => documents.remove(caller(req), req.params.model, req.params.id),
  );
  app.post(
    '/purchasing/:model/:id/restore',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'restoreDocument',
        summary: 'Restore a document from the trash',
        params: DocumentParams,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.restore(caller(req), req.params.model, req.params.id),
  );
  app.delete(
    '/purchasing/:model/:id/purge',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'purgeDocument',
        summary: 'Delete a trashed document for good (admin level)',
        params: DocumentParams,
        response: { 200: Done, ...writeErrors },
      },
    },
    (req) => documents.purge(caller(req), req.params.model, req.params.id),
  );
  app.get(
    '/purchasing/:model/:id/edit-start',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'startEdit',
        summary: 'Start editing; answers another user editing, if any',
        params: DocumentParams,
        response: { 200: EditInfo, ...readErrors },
      },
    },
    (req) => documents.edit(caller(req), req.params.model, req.params.id, true),
  );
  app.get(
    '/purchasing/:model/:id/edit-check',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'checkEdit',
        summary: 'Who else is editing the document',
        params: DocumentParams,
        response: { 200: EditInfo, ...readErrors },
      },
    },
    (req) => documents.edit(caller(req), req.params.model, req.params.id, false),
  );
  app.post(
    '/purchasing/:model/:id/workflow',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'runWorkflowAction',
        summary: 'Apply a workflow action offered to the caller (409 when not available)',
        params: DocumentParams,
        body: WorkflowBody,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.transition(caller(req), req.params.model, req.params.id, req.body),
  );
  app.post(
    '/purchasing/:model/:id/reopen',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'reopenDocument',
        summary:
          "Reopen a closed or archived document (model action 'reopen'): it returns to state updated " +
          '(editable, approved again), version + 1, a timeline entry with the optional comment; 409 in ' +
          'another state or when created more than 365 days ago (the reason as message), 403 when not allowed',
        params: DocumentParams,
        body: ReopenBody,
        response: { 200: Document, ...writeErrors },
      },
    },
    (req) => documents.reopen(caller(req), req.params.model, req.params.id, req.body),
  );
  app.post(
    '/purchasing/:model/:id/duplicate',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'duplicateDocument',
        summary: 'Copy a document into a new one (state created)',
        params: DocumentParams,
        response: { 200: described(DocumentResponseSchema, 'The new document'), ...readErrors },
      },
    },
    (req) => documents.duplicate(caller(req), req.params.model, req.params.id),
  );
  app.get(
    '/communication/messages/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags: ['communication'],
        operationId: 'getTimeline',
        summary: 'The timeline of a document: steps and merged messages',
        params: DocumentParams,
        response: {
          200: described(TimelineResponseSchema, 'The state, the workflow steps and the merged messages'),
          ...readErrors,
        },
      },
    },
    (req) => documents.timeline(caller(req), req.params.model, req.params.id),
  );
};
