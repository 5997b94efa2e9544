import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  DocumentResponseSchema,
  errorResponses,
  OpenQuantitiesSchema,
  ReceiptRequestSchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import { DOCUMENT_ID_PATTERN } from '../documents/document.repository.ts';
import type { Services } from '../services.ts';

const OrderParams = Type.Object({ id: Type.String({ pattern: DOCUMENT_ID_PATTERN }) });
const Reception = described(DocumentResponseSchema, 'The new reception as the caller reads it');

/**
 * Receiving from an order: its open quantities, a supplier's dispatch, a goods receipt. The order
 * is found in the caller's scope (404 outside it); 403 for a caller who may not start that kind of
 * reception; 409 for an order its supplier has not confirmed (or a stale _version); 400 with one
 * field error per line over its open quantity.
 */
export const receivingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { receiving, documents } = services;
  const tags = ['receiving'];

  app.get(
    '/receiving/order/:id/open',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'getOpenQuantities',
        summary: 'The ordered, received and open quantity of each order line, and what the caller may start',
        params: OrderParams,
        response: {
          200: described(OpenQuantitiesSchema, 'The order lines as receiving sees them'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => receiving.openQuantities(caller(req), req.params.id),
  );

  app.post(
    '/receiving/order/:id/dispatch',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'dispatchOrder',
        summary:
          "The supplier dispatches goods against its confirmed order: a reception in state 'dispatched'",
        params: OrderParams,
        body: ReceiptRequestSchema,
        response: { 200: Reception, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req) => {
      const auth = caller(req);
      return documents.read(auth, 'reception', await receiving.dispatch(auth, req.params.id, req.body));
    },
  );

  app.post(
    '/receiving/order/:id/receipt',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'receiveOrder',
        summary:
          "The receiving staff records a goods receipt of a confirmed order: a reception in state 'created', to post",
        params: OrderParams,
        body: ReceiptRequestSchema,
        response: { 200: Reception, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req) => {
      const auth = caller(req);
      return documents.read(auth, 'reception', await receiving.receipt(auth, req.params.id, req.body));
    },
  );
};
