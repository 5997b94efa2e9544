import type { FormGroupFields, PurchasingConfig, SubtypesResponse } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/app-error.ts';
import type { DocumentAccess } from './document.access.ts';
import { localize, MODELS, readModelFiles } from './model-config.ts';
import { modelConfigRepository } from './model-config.repository.ts';
import { currencies, priceConditions, taxCodes } from './purchasing-config.ts';

/** The model configurations as the web app reads them (seed 000 section 7, /config/...). */
export function modelConfigService(db: Db, access: Pick<DocumentAccess, 'modelConfig'>) {
  const configs = modelConfigRepository(db);
  return {
    /** Seeds the shipped configurations that are absent; safe on every start. */
    async ensureModels(): Promise<void> {
      for (const config of readModelFiles()) await configs.ensureDefault(config);
    },

    async config(auth: AuthContext, lang: string, name: string, version?: number) {
      return localize(await access.modelConfig(auth, name, version), lang);
    },

    /**
     * The fields of form groups (/config/formGroupFields). A group id is '{model}.{group key}'; its
     * fields are the form field configs the group lists, in its order.
     */
    async formGroupFields(
      auth: AuthContext,
      lang: string,
      ids: ReadonlyArray<string>,
    ): Promise<Record<string, FormGroupFields>> {
      const out: Record<string, FormGroupFields> = {};
      for (const id of ids) {
        const dot = id.indexOf('.');
        const [name, key] = dot > 0 ? [id.slice(0, dot), id.slice(dot + 1)] : [id, ''];
        const config = await access.modelConfig(auth, name);
        const group = config.form.groups.find((g) => g.key === key);
        if (!group) throw notFound(`Unknown form group '${id}'.`);
        const fields = group.fields
          .map((src) => config.form.fields.find((f) => f.src === src))
          .filter((f) => f !== undefined);
        out[id] = localize({ model: name, key, label: group.label ?? key, fields }, lang);
      }
      return out;
    },

    async subtypes(auth: AuthContext): Promise<SubtypesResponse> {
      const out: SubtypesResponse = {};
      for (const name of MODELS) {
        const config = await configs.latest(auth.domainId, name);
        if (config?.config.subtypes) out[name] = [...localize(config.config.subtypes, auth.user.lang)];
      }
      return out;
    },

    async purchasing(auth: AuthContext): Promise<PurchasingConfig> {
      const models = [];
      for (const name of MODELS) {
        const config = await configs.latest(auth.domainId, name);
        if (config)
          models.push({ key: name, label: localize(config.config.label, auth.user.lang), route: `/${name}` });
      }
      return {
        models,
        currencies: currencies(auth.user.lang),
        defaultCurrency: 'EUR',
        taxCodes: taxCodes(auth.user.lang),
        priceConditions: priceConditions(auth.user.lang),
      };
    },
  };
}
