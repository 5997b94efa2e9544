import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '@p2p/domain/api';
import type { FastifyReply } from 'fastify';
import { caller } from '../auth/auth.hook.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Services } from '../services.ts';
import { OrderParams, OrderPdf, OrderPdfQuery, ShipParams } from './order-pdf.schema.ts';

/** The order PDF (seed 000 section 7). The static 'order-pdf' segment wins over /purchasing/:model. */
export const orderPdfRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { orderPdf } = services;
  const schema = {
    tags: ['documents'],
    produces: ['application/pdf'],
    querystring: OrderPdfQuery,
    response: { 200: OrderPdf, ...errorResponses(400, 401, 403, 404, 503) },
  };

  const send = async (reply: FastifyReply, auth: AuthContext, id: string, shipId?: string, view?: string) => {
    const { pdf, filename } = await orderPdf.render(auth, id, {
      ...(shipId !== undefined ? { shipId } : {}),
      ...(view ? { view } : {}),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  app.get(
    '/purchasing/order-pdf/:id',
    {
      config: { policy: 'documents' },
      schema: {
        ...schema,
        operationId: 'getOrderPdf',
        params: OrderParams,
        summary: 'The order as a PDF (404 outside the caller scope)',
      },
    },
    (req, reply) => send(reply, caller(req), req.params.id, undefined, req.query.view),
  );
  app.get(
    '/purchasing/order-pdf/:id/:shipId',
    {
      config: { policy: 'documents' },
      schema: {
        ...schema,
        operationId: 'getDeliveryPdf',
        params: ShipParams,
        summary: 'One delivery (data.ships entry) of the order as a PDF (404 for an unknown delivery)',
      },
    },
    (req, reply) => send(reply, caller(req), req.params.id, req.params.shipId, req.query.view),
  );
};
