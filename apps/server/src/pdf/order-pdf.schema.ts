import { binaryResponse } from '@p2p/domain/api';
import { Type } from 'typebox';
import { DOCUMENT_ID_PATTERN } from '../documents/document.repository.ts';

/** Schemas of the order PDF routes. */
const Id = Type.String({ pattern: DOCUMENT_ID_PATTERN });
export const OrderParams = Type.Object({ id: Id });
export const ShipParams = Type.Object({ id: Id, shipId: Type.String({ minLength: 1, maxLength: 100 }) });
/** ts: cache-buster (ignored); view=supplier: the supplier view (always on for supplier users). */
export const OrderPdfQuery = Type.Object({
  ts: Type.Optional(Type.String({ maxLength: 40 })),
  view: Type.Optional(Type.String({ maxLength: 20 })),
});
export const OrderPdf = binaryResponse('application/pdf', 'The order as a PDF document');
