/** Model configuration admin: versions, validation, save and restore. */
import { Type, type Static } from 'typebox';
import { IsoTimeSchema, OrNull } from './schema.ts';

export const ModelSummarySchema = Type.Object({
  model: Type.String(),
  version: Type.Integer(),
  updatedAt: IsoTimeSchema,
  updatedBy: OrNull(Type.String(), { description: 'username of the author; null for the shipped default' }),
});
export type ModelSummary = Static<typeof ModelSummarySchema>;

export const VersionEntrySchema = Type.Object({
  version: Type.Integer(),
  createdAt: IsoTimeSchema,
  createdBy: OrNull(Type.String()),
  shipped: Type.Boolean({ description: 'true for a shipped default (no domain)' }),
});
export type VersionEntry = Static<typeof VersionEntrySchema>;

/** One version of a model configuration, unlocalized. */
export const ModelConfigVersionSchema = Type.Object({
  model: Type.String(),
  version: Type.Integer(),
  config: Type.Object({}, { additionalProperties: true, description: 'the model configuration' }),
});
export type ModelConfigVersion = Static<typeof ModelConfigVersionSchema>;

export const ConfigErrorSchema = Type.Object({
  field: Type.String({ description: "JSON path, e.g. 'form.fields[3].src'" }),
  message: Type.String(),
});
export type ConfigError = Static<typeof ConfigErrorSchema>;

/** POST /admin/models/{model}/validate */
export const ValidationResultSchema = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Array(ConfigErrorSchema),
});
export type ValidationResult = Static<typeof ValidationResultSchema>;

/** PUT /admin/models/{model} and POST .../restore/{version}: the version written. */
export const SavedVersionSchema = Type.Object({ model: Type.String(), version: Type.Integer() });
export type SavedVersion = Static<typeof SavedVersionSchema>;

/** The config is checked by the admin validator (400 with JSON paths), not by the route schema. */
export const ValidateConfigRequestSchema = Type.Object({ config: Type.Unknown() });
export const SaveConfigRequestSchema = Type.Object({
  config: Type.Unknown(),
  baseVersion: Type.Integer({ minimum: 0 }),
});
export type SaveConfigRequest = Static<typeof SaveConfigRequestSchema>;
