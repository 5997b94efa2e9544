import { Type } from 'typebox';

/** Schemas of the document engine routes (validation and the OpenAPI description). */

const MODEL_PATTERN = '^[a-z][a-z-]{1,40}$';

/** Large orders are real (framework call-offs, maintenance baskets): up to 5,000 lines a document. */
export const MAX_LINES = 5000;

export const ModelParams = Type.Object({ model: Type.String({ pattern: MODEL_PATTERN }) });
export const DocumentParams = Type.Object({
  model: Type.String({ pattern: MODEL_PATTERN }),
  id: Type.String({ pattern: '^[0-9]{1,18}$' }),
});
/** '{model}.{group}', e.g. 'order.delivery'. */
const FORM_GROUP_ID = Type.String({ pattern: '^[a-z][a-z-]*\\.[A-Za-z][\\w-]*$', maxLength: 100 });
export const FormGroupParams = Type.Object({ key: FORM_GROUP_ID });
export const FormGroupIds = Type.Array(FORM_GROUP_ID, { minItems: 1, maxItems: 50 });

export const ToggleEnabledBody = Type.Object({ value: Type.Boolean() });

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
 * descending ('-_id'), c '1'/'true' to count. Any other parameter is an equality filter on a field
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
  },
  { additionalProperties: Type.String({ maxLength: 200 }) },
);

const Amount = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()]);

export const LineSchema = Type.Object(
  {
    pos: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    subpos: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    item: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 40 })),
    quantity: Type.Optional(Amount),
    price: Type.Optional(Amount),
    listPrice: Type.Optional(Amount),
    upfrontPayment: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    priceInfo: Type.Optional(
      Type.Union([
        Type.Array(Type.Object({ condition: Type.String({ maxLength: 10 }), value: Type.Optional(Amount) }), {
          maxItems: 20,
        }),
        Type.Null(),
      ]),
    ),
    tax: Type.Optional(
      Type.Union([
        Type.Object({ key: Type.Optional(Type.String({ maxLength: 20 })), value: Type.Optional(Amount) }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: true },
);

/** A document: the relational header, `lines`, and any configurable field (stored as data). */
export const DocumentBody = Type.Object(
  {
    key: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    doc: Type.Optional(
      Type.Object({ subtype: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])) }),
    ),
    supplier: Type.Optional(Type.Unknown()),
    requester: Type.Optional(Type.Unknown()),
    group: Type.Optional(Type.Unknown()),
    plant: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    lines: Type.Optional(Type.Array(LineSchema, { maxItems: MAX_LINES })),
    _version: Type.Optional(Type.Integer({ minimum: 1 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: true },
);

/** A workflow action (seed 000 section 4); comment required per commentRequired. */
export const WorkflowBody = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 60 }),
  comment: Type.Optional(Type.String({ maxLength: 4000 })),
  _version: Type.Optional(Type.Integer({ minimum: 1 })),
});
/** POST /purchasing/{model}/{id}/reopen: an optional comment for the timeline; _version as on save. */
export const ReopenBody = Type.Object({
  comment: Type.Optional(Type.String({ maxLength: 4000 })),
  _version: Type.Optional(Type.Integer({ minimum: 1 })),
});
