/**
 * Documents of every model (seed 000 sections 3, 4 and 7; ARCHITECTURE.md "API contract").
 *
 * A document is configurable data: the schemas declare the relational facts the server owns (id,
 * key, model, type, state, parties, group, plant, values, version) and keep every other key
 * (`additionalProperties: true`). Identity and state are always present; parties, plant, values
 * and lines are optional because a field configuration may hide them from a role (viewRoles).
 */
import { Type, type Static } from 'typebox';
import { ROW_FLAGS } from '../documents/row-flag.ts';
import { NoteTimelineFields } from './notes.ts';
import {
  AmountSchema,
  AnyJsonSchema,
  IsoTimeSchema,
  LabelSchema,
  NamedRefSchema,
  OrNull,
  PageSchema,
  StringEnum,
  type WithData,
} from './schema.ts';

/** Large orders are real (framework call-offs, maintenance baskets): up to 5,000 lines a document. */
export const DOCUMENT_MAX_LINES = 5000;

/** The status flag a row may carry (seed 001 sections 2.4 and 3): `flag: {status}`. */
export { ROW_FLAGS as ROW_FLAG_STATUSES, type RowFlag as RowFlagStatus } from '../documents/row-flag.ts';

// ---------------------------------------------------------------- requests

const RequestAmount = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()]);

/** A line as sent: position, item, amounts, price conditions and tax; other keys are line data. */
export const LineRequestSchema = Type.Object(
  {
    pos: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    subpos: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    item: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 40 })),
    quantity: Type.Optional(RequestAmount),
    price: Type.Optional(RequestAmount),
    listPrice: Type.Optional(RequestAmount),
    upfrontPayment: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    priceInfo: Type.Optional(
      Type.Union([
        Type.Array(
          Type.Object({ condition: Type.String({ maxLength: 10 }), value: Type.Optional(RequestAmount) }),
          { maxItems: 20 },
        ),
        Type.Null(),
      ]),
    ),
    tax: Type.Optional(
      Type.Union([
        Type.Object({
          key: Type.Optional(Type.String({ maxLength: 20 })),
          value: Type.Optional(RequestAmount),
        }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: true },
);

export const RowFlagSchema = Type.Object(
  {
    status: Type.Union([
      Type.Literal('new'),
      Type.Literal('warn'),
      Type.Literal('fail'),
      Type.Literal('ignore'),
    ]),
  },
  { additionalProperties: true },
);

/** A document as sent (create, save): the relational header, `lines`, and any configurable field. */
export const DocumentRequestSchema = Type.Object(
  {
    key: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    doc: Type.Optional(
      Type.Object({ subtype: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])) }),
    ),
    supplier: Type.Optional(Type.Unknown()),
    requester: Type.Optional(Type.Unknown()),
    group: Type.Optional(Type.Unknown()),
    plant: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    flag: Type.Optional(Type.Union([RowFlagSchema, Type.Null()])),
    lines: Type.Optional(Type.Array(LineRequestSchema, { maxItems: DOCUMENT_MAX_LINES })),
    _version: Type.Optional(Type.Integer({ minimum: 1 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: true },
);
export type DocumentRequest = Static<typeof DocumentRequestSchema>;

/** A workflow action (seed 000 section 4); comment required per commentRequired. */
export const WorkflowRequestSchema = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 60 }),
  to: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 60,
      description: 'the target state, when two transitions of one name leave the current state',
    }),
  ),
  comment: Type.Optional(Type.String({ maxLength: 4000 })),
  audience: Type.Optional(
    StringEnum(['internal', 'supplier'], {
      description: "who the comment is for: 'internal' (default) or the document's supplier too",
    }),
  ),
  _version: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type WorkflowRequest = Static<typeof WorkflowRequestSchema>;

/** POST /purchasing/{model}/{id}/reopen: an optional comment for the timeline; _version as on save. */
export const ReopenRequestSchema = Type.Object({
  comment: Type.Optional(Type.String({ maxLength: 4000 })),
  _version: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ReopenRequest = Static<typeof ReopenRequestSchema>;

/** PUT /purchasing/{model}/{id}/toggle-enabled */
export const ToggleEnabledRequestSchema = Type.Object({ value: Type.Boolean() });
export type ToggleEnabledRequest = Static<typeof ToggleEnabledRequestSchema>;

// ---------------------------------------------------------------- answers

/** Line amounts are line data: text as priced by the server, a number or null as sent. */
const LineAmount = Type.Unsafe<string | number | null>({
  type: ['string', 'number', 'null'],
  description: 'decimal amount (text as priced by the server)',
});

/** Stored values answer as text (numeric columns); some drivers give numbers. */
const OptionalTotal = Type.Optional(AmountSchema);

/** A line: position and the amounts the server prices; every other key is line data. */
const DocumentLineObject = Type.Object(
  {
    pos: Type.Optional(Type.Integer()),
    subpos: Type.Optional(Type.Integer()),
    quantity: Type.Optional(LineAmount),
    price: Type.Optional(LineAmount),
    value: Type.Optional(LineAmount),
  },
  { additionalProperties: true },
);
export type DocumentLine = WithData<Static<typeof DocumentLineObject>>;
export const DocumentLineSchema = Type.Unsafe<DocumentLine>(DocumentLineObject);

const DocumentHeader = {
  _id: Type.String(),
  key: OrNull(Type.String(), { description: 'a 10-digit key means the document is in the ERP' }),
  model: Type.String(),
  doc: Type.Object({ type: Type.String(), subtype: Type.Optional(OrNull(Type.String())) }),
  _state: Type.Object({
    current: Type.String(),
    readonly: Type.Boolean(),
    created: Type.Object({ ts: IsoTimeSchema, user: NamedRefSchema }),
    erp: Type.Optional(
      Type.Object(
        {},
        { additionalProperties: true, description: 'the ERP record: attempts, last answer, messages' },
      ),
    ),
    alertCancel: Type.Optional(
      Type.Object(
        { ts: IsoTimeSchema, user: NamedRefSchema },
        { description: 'taken out of the ERP flow by a person while the ERP may hold it' },
      ),
    ),
  }),
  supplier: Type.Optional(OrNull(NamedRefSchema)),
  requester: Type.Optional(OrNull(NamedRefSchema)),
  group: Type.Optional(
    OrNull(Type.Object({ _id: Type.String(), key: OrNull(Type.String()), name: Type.String() })),
  ),
  plant: Type.Optional(OrNull(Type.String())),
  grossValue: OptionalTotal,
  discountValue: OptionalTotal,
  costValue: OptionalTotal,
  netValue: OptionalTotal,
  taxValue: OptionalTotal,
  value: OptionalTotal,
  listValue: OptionalTotal,
  flag: Type.Optional(OrNull(Type.Object({ status: StringEnum(ROW_FLAGS) }, { additionalProperties: true }))),
  updatedAt: IsoTimeSchema,
  _version: Type.Integer({ minimum: 1 }),
};

/**
 * A row of a document list: the header plus, of the configurable data, what the list shows (the
 * first key of every list field's src, the names its expressions read, and name, description,
 * currency, enabled and flag).
 */
const DocumentListRowObject = Type.Object(DocumentHeader, { additionalProperties: true });
export type DocumentListRow = WithData<Static<typeof DocumentListRowObject>>;
export const DocumentListRowSchema = Type.Unsafe<DocumentListRow>(DocumentListRowObject);

/** GET /purchasing/{model} and /purchasing/{model}/trash */
export const DocumentListSchema = PageSchema(DocumentListRowSchema);
export type DocumentList = Static<typeof DocumentListSchema>;

/** A model action (edit, delete, duplicate, favorite, order-pdf, reopen ...) offered on the document. */
export const OfferedActionSchema = Type.Object({
  name: Type.String(),
  label: LabelSchema,
  permission: Type.String(),
  disabled: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'why the action is disabled' })),
});

/** A workflow transition offered to the caller (availableTransitions of the domain). */
export const OfferedTransitionSchema = Type.Object({
  name: Type.String(),
  to: Type.Optional(Type.String({ description: 'the target state (send it back as `to`)' })),
  label: LabelSchema,
  disabled: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'why the transition is disabled' })),
  commentRequired: Type.Boolean({ description: 'the state-change dialog needs a comment' }),
  permission: Type.String(),
});

/** What the caller may do with the document: the buttons of the web app. */
export const DocumentOffersSchema = Type.Object({
  actions: Type.Array(OfferedActionSchema),
  transitions: Type.Array(OfferedTransitionSchema),
});
export type DocumentOffers = Static<typeof DocumentOffersSchema>;

export const DocumentPermissionsSchema = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  duplicate: Type.Boolean(),
});
export type DocumentPermissions = Static<typeof DocumentPermissionsSchema>;

/** GET /purchasing/{model}/{id} (and every call that answers the document): the whole document. */
const DocumentResponseObject = Type.Object(
  {
    ...DocumentHeader,
    lines: Type.Optional(Type.Array(DocumentLineSchema)),
    _actions: DocumentOffersSchema,
    _permissions: DocumentPermissionsSchema,
  },
  { additionalProperties: true },
);
export type DocumentResponse = WithData<Static<typeof DocumentResponseObject>>;
export const DocumentResponseSchema = Type.Unsafe<DocumentResponse>(DocumentResponseObject);

/** GET .../edit-start and .../edit-check: another user editing the document, if any. */
export const EditInfoSchema = Type.Object({
  editing: OrNull(
    Type.Object({
      user: OrNull(Type.Object({ _id: Type.String(), name: Type.String(), username: Type.String() }), {
        description: 'null when the caller is a supplier and the editor is not of its company',
      }),
      ts: IsoTimeSchema,
    }),
  ),
});
export type EditInfo = Static<typeof EditInfoSchema>;

export const TimelineStepSchema = Type.Object({
  name: Type.String(),
  label: LabelSchema,
  index: Type.Integer(),
  status: StringEnum(['completed', 'active', 'future']),
});

/** A timeline entry: a message, merged with the consecutive ones of the same user and state (count). */
export const TimelineEntrySchema = Type.Object({
  _id: Type.String(),
  state: Type.String(),
  ts: IsoTimeSchema,
  user: OrNull(NamedRefSchema),
  text: OrNull(Type.String()),
  tracking: OrNull(
    Type.Object(
      {
        action: Type.Optional(Type.String()),
        from: Type.Optional(Type.String()),
        to: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
  approval: AnyJsonSchema,
  count: Type.Integer({ minimum: 1, description: 'how many consecutive messages this entry stands for' }),
  // a note of the message box: its addressee, line and files (never merged with another message)
  ...NoteTimelineFields,
});
export type TimelineEntry = Static<typeof TimelineEntrySchema>;

/** GET /communication/messages/{model}/{id}: the state, the workflow steps and the merged messages. */
export const TimelineResponseSchema = Type.Object({
  state: Type.String(),
  steps: Type.Array(TimelineStepSchema),
  items: Type.Array(TimelineEntrySchema),
});
export type TimelineResponse = Static<typeof TimelineResponseSchema>;
