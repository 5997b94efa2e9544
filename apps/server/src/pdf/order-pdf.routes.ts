import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import { caller } from '../auth/auth.hook.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import type { Services } from '../services.ts';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const OrderParams = Type.Object({ id: Id });
const ShipParams = Type.Object({ id: Id, shipId: Type.String({ minLength: 1, maxLength: 100 }) });
/** ts: cache-buster (ignored); view=supplier: the supplier view (always on for supplier users). */
const OrderPdfQuery = Type.Object({
  ts: Type.Optional(Type.String({ maxLength: 40 })),
  view: Type.Optional(Type.String({ maxLength: 20 })),
});

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
      schema: {
        ...schema,
        params: OrderParams,
        summary: 'The order as a PDF (404 outside the caller scope)',
      },
    },
    (req, reply) => send(reply, caller(req), req.params.id, undefined, req.query.view),
  );
  app.get(
    '/purchasing/order-pdf/:id/:shipId',
    {
      schema: {
        ...schema,
        params: ShipParams,
        summary: 'One delivery (data.ships entry) of the order as a PDF (404 for an unknown delivery)',
      },
    },
    (req, reply) => send(reply, caller(req), req.params.id, req.params.shipId, req.query.view),
  );
};
