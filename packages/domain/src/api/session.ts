/** The signed-in user, sign-in, sign-up, password links and supplier registration. */
import { Type, type Static } from 'typebox';
import { SIGN_UP_MODES } from '../auth/sign-up.ts';
import { IsoTimeSchema, NamedRefSchema, OrNull, StringEnum } from './schema.ts';

export const RoleRefSchema = Type.Object({ key: Type.String(), name: Type.String() });
export type RoleRef = Static<typeof RoleRefSchema>;

export const GroupEntrySchema = Type.Object({ _id: Type.String(), key: Type.String(), name: Type.String() });
export type GroupEntry = Static<typeof GroupEntrySchema>;

export const CONTEXT_ACTIVE = ['organization', 'group'] as const;

export const UserContextSchema = Type.Object({
  group: Type.Optional(
    OrNull(Type.String(), {
      description:
        "One of the user's group ids, the group of a company or plant of the organization tree, or a " +
        "group-list option key ('all', 'all-groups', ...). null is 'Created by me'.",
    }),
  ),
  location: Type.Optional(OrNull(Type.String())),
  plant: Type.Optional(OrNull(Type.String())),
  workgroup: Type.Optional(OrNull(Type.String())),
  active: Type.Optional(
    OrNull(StringEnum(CONTEXT_ACTIVE), {
      description: "'organization' when a plant/company was picked in the tree, 'group' for the group list",
    }),
  ),
});
export type UserContext = Static<typeof UserContextSchema>;

/** The item and plant filter of a user or a group (stored JSON: other keys are kept). */
export const DataFilterSchema = Type.Object(
  { item: Type.Optional(Type.Array(Type.String())), plant: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: true },
);

/** The signed-in user as the app sees it (seed 000 section 3 "User"). */
export const SessionUserSchema = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleRefSchema,
  roles: Type.Array(RoleRefSchema),
  lang: Type.String(),
  domain: Type.String(),
  supplier: Type.Optional(OrNull(NamedRefSchema)),
  _profile: Type.Array(Type.String()),
  group: OrNull(GroupEntrySchema),
  groups: Type.Array(GroupEntrySchema),
  /** the locations and workgroups the user works in: the group drawer offers them as context */
  locations: Type.Array(GroupEntrySchema),
  workgroups: Type.Array(GroupEntrySchema),
  filter: DataFilterSchema,
  filterData: Type.Boolean(),
  context: UserContextSchema,
});
export type SessionUser = Static<typeof SessionUserSchema>;

export const SignInRequestSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SignInRequest = Static<typeof SignInRequestSchema>;

export const SignInResponseSchema = Type.Object({
  token: Type.String({ description: 'opaque bearer token' }),
  expiresAt: IsoTimeSchema,
  user: SessionUserSchema,
});
export type SignInResponse = Static<typeof SignInResponseSchema>;

export const SignUpRequestSchema = Type.Object({
  username: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SignUpRequest = Static<typeof SignUpRequestSchema>;

/**
 * Answer of a sign-up (201): `active` carries the new session (token, expiresAt, user) like a
 * sign-in; `pending` (the domain admits sign-ups with approval) carries only the message.
 */
export const SignUpResponseSchema = Type.Object({
  status: StringEnum(['active', 'pending'] as const),
  message: Type.String(),
  token: Type.Optional(Type.String({ description: 'opaque bearer token (active only)' })),
  expiresAt: Type.Optional(IsoTimeSchema),
  user: Type.Optional(SessionUserSchema),
});
export type SignUpResponse = Static<typeof SignUpResponseSchema>;

/** The domain's sign-up setting (auth/sign-up.ts): its mode and the e-mail domains it admits. */
export const SignUpPolicySchema = Type.Object({
  mode: StringEnum(SIGN_UP_MODES),
  domains: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 100 }),
});
export type SignUpPolicyBody = Static<typeof SignUpPolicySchema>;

export const SetPasswordRequestSchema = Type.Object({ password: Type.String({ maxLength: 200 }) });
export type SetPasswordRequest = Static<typeof SetPasswordRequestSchema>;

// Required text fields accept '' so that the service answers with readable per-field messages.
export const SupplierRegistrationRequestSchema = Type.Object({
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  company: Type.Object({
    name: Type.String({ maxLength: 200 }),
    vat: Type.String({ maxLength: 50 }),
    address: Type.Object({
      street: Type.String({ maxLength: 200 }),
      housenum: Type.Optional(Type.String({ maxLength: 20 })),
      postcode: Type.String({ maxLength: 20 }),
      city: Type.String({ maxLength: 100 }),
      country: Type.String({ maxLength: 100 }),
    }),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    website: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  contact: Type.Object({
    name: Type.String({ maxLength: 200 }),
    email: Type.String({ maxLength: 200 }),
    username: Type.String({ maxLength: 100 }),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
  }),
  acceptTerms: Type.Boolean(),
});
export type SupplierRegistrationRequest = Static<typeof SupplierRegistrationRequestSchema>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
const RegistrationStatus = StringEnum(REGISTRATION_STATUSES);

export const SupplierRegistrationResponseSchema = Type.Object({
  _id: Type.String(),
  status: RegistrationStatus,
  message: Type.String(),
});
export type SupplierRegistrationResponse = Static<typeof SupplierRegistrationResponseSchema>;

/** A registration waiting for a decision: what was sent, plus its id, status and time. */
export const SupplierRegistrationSchema = Type.Object({
  ...SupplierRegistrationRequestSchema.properties,
  _id: Type.String(),
  status: RegistrationStatus,
  createdAt: IsoTimeSchema,
});
export type SupplierRegistration = Static<typeof SupplierRegistrationSchema>;

/** Answer of approving a registration: the one-time set-password link for the new account. */
export const SupplierApprovalResponseSchema = Type.Object({
  message: Type.String(),
  userId: Type.String(),
  setPasswordPath: Type.String(),
  /** the same link as a full URL (APP_URL, else the address the manager called) */
  setPasswordUrl: Type.String(),
  /** true: the link was also e-mailed to the contact (SMTP_URL configured and the relay took it) */
  mailed: Type.Boolean(),
});
export type SupplierApprovalResponse = Static<typeof SupplierApprovalResponseSchema>;
