import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import type { LookupParams } from './reference.service.ts';
import { UOM_CLASSES, type UomClass } from './units.ts';

/**
 * Query strings are not coerced: q look-up text, p page (1), l page size (10, at most 100),
 * c '1'/'true' to count, ts cache-buster. With a text, pages reach down to row 1000 (p * l).
 */
const LookupQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
  c: Type.Optional(
    Type.String({
      maxLength: 5,
      description:
        "'1' or 'true': answer options.count, exact up to 1000 matches; above that it is the planner's " +
        'estimate and options.estimated is true',
    }),
  ),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
const UomQuery = Type.Object({
  ...LookupQuery.properties,
  class: Type.Optional(Type.Union(UOM_CLASSES.map((c) => Type.Literal(c)))),
});

const params = (query: { q?: string; p?: string; l?: string; c?: string }): LookupParams => ({
  ...(query.q !== undefined ? { q: query.q } : {}),
  ...(query.p ? { p: Number(query.p) } : {}),
  ...(query.l ? { l: Number(query.l) } : {}),
  ...(query.c ? { c: query.c } : {}),
});

/** Reference look-ups (items, suppliers, users, tax codes) and taxonomies (countries, units). */
export const referenceRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { reference } = services;
  const tags = ['reference'];
  const summary = (what: string) =>
    `${what}: code prefix first, then name prefix, then the closest similar spellings; q, p, l, c ` +
    '(a count above 1000 is an estimate: options.estimated true)';

  app.get(
    '/reference/item',
    { schema: { tags, summary: summary('Items of the catalogue'), querystring: LookupQuery } },
    (req) => reference.items(caller(req), params(req.query)),
  );
  app.get(
    '/reference/supplier',
    {
      schema: {
        tags,
        summary: summary('Suppliers (a supplier sees only its own company); code is the VAT number'),
        querystring: LookupQuery,
      },
    },
    (req) => reference.suppliers(caller(req), params(req.query)),
  );
  app.get(
    '/reference/user',
    {
      schema: {
        tags,
        summary: summary('Active users of the domain (suppliers: their company only); code is the username'),
        querystring: LookupQuery,
      },
    },
    (req) => reference.users(caller(req), params(req.query)),
  );
  app.get(
    '/reference/tax',
    {
      schema: {
        tags,
        summary: summary('Tax codes of the purchasing configuration'),
        querystring: LookupQuery,
      },
    },
    (req) => reference.taxes(caller(req), params(req.query)),
  );
  app.get(
    '/taxonomy/country',
    { schema: { tags, summary: summary('ISO 3166 countries (English names)'), querystring: LookupQuery } },
    (req) => reference.countries(caller(req), params(req.query)),
  );
  app.get(
    '/taxonomy/uom',
    {
      schema: {
        tags,
        summary: summary(`Units of measure; class one of ${UOM_CLASSES.join(', ')}`),
        querystring: UomQuery,
      },
    },
    (req) =>
      reference.units(caller(req), {
        ...params(req.query),
        ...(req.query.class ? { class: req.query.class as UomClass } : {}),
      }),
  );
};
