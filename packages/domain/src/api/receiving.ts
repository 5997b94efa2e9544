/**
 * Receiving and evaluations: the open quantities of an order, a supplier's dispatch and a buyer's
 * goods receipt made from an order (each answers the new reception as the caller reads it, the
 * DocumentResponse of documents.ts), and the run that creates the evaluations that fell due.
 * The rules are in `receiving/` of this package.
 */
import { Type, type Static } from 'typebox';
import { DOCUMENT_MAX_LINES } from './documents.ts';
import { OrNull, StringEnum } from './schema.ts';

const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/** One line of a dispatch or receipt: the order line (pos/subpos) and the quantity it takes. */
export const ReceiptLineRequestSchema = Type.Object(
  {
    pos: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    subpos: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    quantity: Type.Union([Type.Number(), Type.String({ maxLength: 40 })], {
      description: 'at most the open quantity of the order line, 3 decimals',
    }),
  },
  { additionalProperties: false },
);

/**
 * POST /receiving/order/{id}/dispatch (the order's supplier) and /receipt (the receiving staff):
 * the lines, a delivery note, the day the goods were shipped (dispatch) or received (receipt,
 * default today), and the order version the caller read (409 when the order changed since).
 */
export const ReceiptRequestSchema = Type.Object(
  {
    lines: Type.Array(ReceiptLineRequestSchema, { maxItems: DOCUMENT_MAX_LINES }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    deliveryNote: Type.Optional(Type.String({ maxLength: 255 })),
    date: Type.Optional(Type.String({ pattern: DATE_PATTERN, description: 'yyyy-MM-dd' })),
    _version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ReceiptRequest = Static<typeof ReceiptRequestSchema>;

/** An order line as receiving sees it: ordered, received and still open (quantities, 3 decimals). */
export const OpenLineSchema = Type.Object({
  pos: Type.Integer(),
  subpos: Type.Integer(),
  item: OrNull(Type.String()),
  description: OrNull(Type.String()),
  unit: OrNull(Type.String()),
  ordered: Type.String(),
  received: Type.String(),
  open: Type.String({ description: 'ordered - received - on its way (dispatched or being posted)' }),
});

/** GET /receiving/order/{id}/open: what the caller may start from the order, and each line's quantities. */
export const OpenQuantitiesSchema = Type.Object({
  order: Type.Object({
    _id: Type.String(),
    key: OrNull(Type.String()),
    state: Type.String(),
    _version: Type.Integer(),
  }),
  action: OrNull(StringEnum(['dispatch', 'receipt']), {
    description: "'dispatch' for the order's supplier, 'receipt' for the receiving staff, null: nothing now",
  }),
  lines: Type.Array(OpenLineSchema),
});
export type OpenQuantities = Static<typeof OpenQuantitiesSchema>;

/** An evaluation created because it fell due. */
export const DueEvaluationSchema = Type.Object({
  _id: Type.String(),
  model: StringEnum(['order-evaluation', 'contract-evaluation']),
  key: Type.String(),
  parent: Type.String({ description: 'the number of the evaluated order or contract' }),
  period: Type.String({ description: "'yyyy-MM' (order) or 'from|to' (contract)" }),
});

/** POST /evaluations/due: the evaluations the run created in the caller's tenant. */
export const DueEvaluationsSchema = Type.Object({ created: Type.Array(DueEvaluationSchema) });
export type DueEvaluations = Static<typeof DueEvaluationsSchema>;
