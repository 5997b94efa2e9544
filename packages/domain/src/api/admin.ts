/** Model configuration admin: versions, validation, save and restore. */
import { Type, type Static } from 'typebox';
import { IsoTimeSchema, OrNull, StringEnum } from './schema.ts';

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

// ---- accounts: pending sign-ups, sign-in locks ----

export const ADMIN_USER_STATUSES = ['active', 'pending', 'disabled'] as const;

/** A user of the caller's domain as the administrator's users screen lists it. */
export const AdminUserSchema = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Type.String({ description: 'key of the primary role' }),
  status: StringEnum(ADMIN_USER_STATUSES),
  /** true for a pending self sign-up an administrator may approve (suppliers: their registration) */
  approvable: Type.Boolean(),
  createdAt: IsoTimeSchema,
  signIn: Type.Object({
    failures: Type.Integer({ description: 'failed sign-ins counted since the last success' }),
    locked: Type.Boolean({ description: 'locked after too many failures, until an administrator unlocks' }),
    blockedUntil: OrNull(IsoTimeSchema, { description: 'end of the current wait after failures' }),
  }),
  /** set while a 'Forgot password' request waits for an administrator (no SMTP configured) */
  passwordResetRequestedAt: Type.Optional(OrNull(IsoTimeSchema)),
});
export type AdminUser = Static<typeof AdminUserSchema>;

/** Answer of approve, reject and unlock: the user as it is now. */
export const AdminUserActionSchema = Type.Object({ message: Type.String(), user: AdminUserSchema });
export type AdminUserAction = Static<typeof AdminUserActionSchema>;
