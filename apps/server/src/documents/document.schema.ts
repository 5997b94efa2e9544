import { Type } from 'typebox';
import { DOCUMENT_ID_PATTERN } from './document.repository.ts';

/** Schemas of the document engine routes (validation and the OpenAPI description). */

const MODEL_PATTERN = '^[a-z][a-z-]{1,40}$';

/** Large orders are real (framework call-offs, maintenance baskets): up to 5,000 lines a document. */
export { DOCUMENT_MAX_LINES as MAX_LINES } from '@p2p/domain/api';

export const ModelParams = Type.Object({ model: Type.String({ pattern: MODEL_PATTERN }) });
export const DocumentParams = Type.Object({
  model: Type.String({ pattern: MODEL_PATTERN }),
  id: Type.String({ pattern: DOCUMENT_ID_PATTERN }),
});
/** '{model}.{group}', e.g. 'order.delivery'. */
const FORM_GROUP_ID = Type.String({ pattern: '^[a-z][a-z-]*\\.[A-Za-z][\\w-]*$', maxLength: 100 });
export const FormGroupParams = Type.Object({ key: FORM_GROUP_ID });
export const FormGroupIds = Type.Array(FORM_GROUP_ID, { minItems: 1, maxItems: 50 });

export const ModelConfigParams = Type.Object({
  lang: Type.String({ pattern: '^[a-z]{2}$' }),
  model: Type.String({ pattern: MODEL_PATTERN }),
});
export const ModelConfigQuery = Type.Object({
  _v: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});

/**
 * Query strings are not coerced: numbers are digit strings. q text search, p page (1), l page
 * size (30, 1 to 200), s sort src with leading '-' for
 * descending ('-_id'), c '1'/'true' to count, context 'none' for the choices of a reference field
 * (not narrowed by the working context of the group drawer). Any other parameter is an equality filter on a field
 * src the model declares filterable (comma list = any of); anything else answers 400.
 */
export const ListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|1[0-9]{2}|200)$' })),
    s: Type.Optional(Type.String({ maxLength: 100 })),
    c: Type.Optional(Type.String({ maxLength: 5 })),
    ts: Type.Optional(Type.String({ maxLength: 40 })),
    context: Type.Optional(Type.Literal('none')),
  },
  { additionalProperties: Type.String({ maxLength: 200 }) },
);

/** The bodies are the contract's (`@p2p/domain/api`), shared with the web app. */
export {
  DocumentRequestSchema as DocumentBody,
  LineRequestSchema as LineSchema,
  ReopenRequestSchema as ReopenBody,
  ToggleEnabledRequestSchema as ToggleEnabledBody,
  WorkflowRequestSchema as WorkflowBody,
} from '@p2p/domain/api';
