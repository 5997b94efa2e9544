/** Forgot password, the check of a set-password link, and links an administrator hands out. */
import { Type, type Static } from 'typebox';
import { IsoTimeSchema, StringEnum } from './schema.ts';

/** POST /auth/forgot-password: the e-mail address of the account (answered alike for any address). */
export const ForgotPasswordRequestSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequestSchema>;

export const ForgotPasswordResponseSchema = Type.Object({ message: Type.String() });
export type ForgotPasswordResponse = Static<typeof ForgotPasswordResponseSchema>;

/** GET /auth/set-password/{id}: the link may be used (404 with key auth.link-used / -expired / -invalid). */
export const PasswordLinkCheckSchema = Type.Object({
  valid: Type.Literal(true),
  username: Type.String({ description: 'the account the link sets the password of' }),
  expiresAt: IsoTimeSchema,
});
export type PasswordLinkCheck = Static<typeof PasswordLinkCheckSchema>;

export const PASSWORD_LINK_DELIVERY = ['mail', 'shown'] as const;

/** A link made for a user: the full URL (shown once: only its hash is stored) and how it travels. */
export const PasswordLinkSchema = Type.Object({
  message: Type.String(),
  url: Type.String({ description: 'the full set-password URL' }),
  path: Type.String({ description: 'the same link as an app path (/set-password/...)' }),
  expiresAt: IsoTimeSchema,
  delivery: StringEnum(PASSWORD_LINK_DELIVERY, {
    description: 'mail: also sent to the user through SMTP; shown: only in this answer',
  }),
});
export type PasswordLink = Static<typeof PasswordLinkSchema>;
