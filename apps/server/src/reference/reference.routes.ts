import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CountryPageSchema,
  described,
  errorResponses,
  ItemPageSchema,
  SupplierPageSchema,
  TaxPageSchema,
  UnitPageSchema,
  UOM_CLASSES,
  UserPageSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { LookupQuery, UomQuery } from './reference.schema.ts';
import type { LookupParams } from './reference.service.ts';
import type { UomClass } from './units.ts';

const params = (query: { q?: string; p?: string; l?: string; c?: string }): LookupParams => ({
  ...(query.q !== undefined ? { q: query.q } : {}),
  ...(query.p ? { p: Number(query.p) } : {}),
  ...(query.l ? { l: Number(query.l) } : {}),
  ...(query.c ? { c: query.c } : {}),
});

const errors = errorResponses(400, 401, 403, 503);

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
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupItems',
        summary: summary('Items of the catalogue (price only for the roles that buy)'),
        querystring: LookupQuery,
        response: { 200: described(ItemPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) => reference.items(caller(req), params(req.query)),
  );
  app.get(
    '/reference/supplier',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupSuppliers',
        summary: summary(
          'Active suppliers (a supplier sees only its own company); code, vat, address and status ' +
            'for supplier managers and administrators only (the others get the name)',
        ),
        querystring: LookupQuery,
        response: { 200: described(SupplierPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) => reference.suppliers(caller(req), params(req.query)),
  );
  app.get(
    '/reference/user',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupUsers',
        summary: summary(
          'Active users of the domain (suppliers: their company only); code is the username; ' +
            'email, role and supplier for staff roles only',
        ),
        querystring: LookupQuery,
        response: { 200: described(UserPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) => reference.users(caller(req), params(req.query)),
  );
  app.get(
    '/reference/tax',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupTaxCodes',
        summary: summary('Tax codes of the purchasing configuration'),
        querystring: LookupQuery,
        response: { 200: described(TaxPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) => reference.taxes(caller(req), params(req.query)),
  );
  app.get(
    '/taxonomy/country',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupCountries',
        summary: summary('ISO 3166 countries (English names)'),
        querystring: LookupQuery,
        response: { 200: described(CountryPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) => reference.countries(caller(req), params(req.query)),
  );
  app.get(
    '/taxonomy/uom',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'lookupUnits',
        summary: summary(`Units of measure; class one of ${UOM_CLASSES.join(', ')}`),
        querystring: UomQuery,
        response: { 200: described(UnitPageSchema, 'One page of matches'), ...errors },
      },
    },
    (req) =>
      reference.units(caller(req), {
        ...params(req.query),
        ...(req.query.class ? { class: req.query.class as UomClass } : {}),
      }),
  );
};
