import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isAdminLevel, isIhub } from '@p2p/domain';
import {
  described,
  errorResponses,
  ItemUnspscBodySchema,
  ItemUnspscParamsSchema,
  ItemUnspscSchema,
  OkSchema,
  UnspscGroupBodySchema,
  UnspscGroupListSchema,
  UnspscGroupParamsSchema,
  UnspscGroupSchema,
  UnspscImportResultSchema,
  UnspscImportSchema,
  UnspscListSchema,
  UnspscQuerySchema,
  UnspscScopeQuerySchema,
  UnspscScopeSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Db } from '../db/database.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import {
  deleteMaterialGroup,
  importUnspscCsv,
  listMaterialGroups,
  materialGroupOf,
  searchUnspsc,
  setItemUnspsc,
  upsertMaterialGroup,
} from './unspsc.ts';

/** The mapping to material groups is the integration's: administrators and the ihub roles keep it. */
function allowMapping(auth: AuthContext) {
  if (!isAdminLevel(auth.user) && !isIhub(auth.user))
    throw forbidden('Only the integration monitor roles may do this.', 'ihub.forbidden');
}

/**
 * UNSPSC codes: the tree and search for every signed-in user; the import of the official file for
 * admins; the tenant's mapping from code prefixes to ERP material groups, and an item's code set by
 * hand, for admins and ihub roles ('signed-in' policy: 403 to every other role, after the schema).
 */
export const unspscRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['unspsc'];
  app.get(
    '/unspsc',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'listUnspsc',
        summary:
          'UNSPSC codes: the children of `parent` (segments without), or a search by code prefix or words',
        querystring: UnspscQuerySchema,
        response: { 200: UnspscListSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (req) => ({ items: await searchUnspsc(db, req.query) }),
  );
  app.get(
    '/unspsc/material-group',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'unspscMaterialGroup',
        summary:
          "The ERP material group of a code in the caller's tenant (8 -> 6 -> 4 -> 2 digits); null: outside the scope of the integration",
        querystring: UnspscScopeQuerySchema,
        response: { 200: UnspscScopeSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (req) => ({
      code: req.query.code,
      materialGroup: await materialGroupOf(db, caller(req).domainId, req.query.code),
    }),
  );
  app.post(
    '/admin/unspsc/import',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'importUnspsc',
        summary:
          'Imports the official UNSPSC file (CSV: Segment, Segment Title, Family, Family Title, Class, Class Title, Commodity, Commodity Title)',
        body: UnspscImportSchema,
        response: { 200: UnspscImportResultSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (req) => {
      if (!isAdminLevel(caller(req).user)) throw forbidden();
      return { imported: await importUnspscCsv(db, req.body.csv) };
    },
  );
  app.get(
    '/admin/unspsc/groups',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'listUnspscGroups',
        summary: "The tenant's mapping from UNSPSC code prefixes to ERP material groups",
        response: { 200: UnspscGroupListSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async (req) => {
      const auth = caller(req);
      allowMapping(auth);
      return { items: await listMaterialGroups(db, auth.domainId) };
    },
  );
  app.put(
    '/admin/unspsc/groups/:prefix',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'putUnspscGroup',
        summary: 'Maps a code prefix (2, 4, 6 or 8 digits) to an ERP material group',
        params: UnspscGroupParamsSchema,
        body: UnspscGroupBodySchema,
        response: { 200: UnspscGroupSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (req) => {
      const auth = caller(req);
      allowMapping(auth);
      return upsertMaterialGroup(db, auth.domainId, req.params.prefix, req.body.materialGroup);
    },
  );
  app.delete(
    '/admin/unspsc/groups/:prefix',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'deleteUnspscGroup',
        summary: "Removes a code prefix's mapping (its codes fall back to a shorter prefix, or out of scope)",
        params: UnspscGroupParamsSchema,
        response: { 200: described(OkSchema, 'Removed'), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req) => {
      const auth = caller(req);
      allowMapping(auth);
      if (!(await deleteMaterialGroup(db, auth.domainId, req.params.prefix))) throw notFound();
      return { ok: true as const };
    },
  );
  app.put(
    '/ihub/items/:code/unspsc',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'putItemUnspsc',
        summary:
          "Sets or clears (null) the UNSPSC code of a catalogue item of the caller's tenant; the ERP import replaces it when the ERP gives one",
        params: ItemUnspscParamsSchema,
        body: ItemUnspscBodySchema,
        response: {
          200: described(ItemUnspscSchema, 'The item with its code'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (req) => {
      const auth = caller(req);
      allowMapping(auth);
      return setItemUnspsc(db, auth, req.params.code, req.body.unspsc);
    },
  );
};
