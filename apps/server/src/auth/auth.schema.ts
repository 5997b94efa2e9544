import { Type } from 'typebox';

const Username = Type.String({ maxLength: 100 });
const Domain = Type.Optional(Type.String({ maxLength: 100 }));

export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  domain: Domain,
});

export const SignUpBody = Type.Object({
  username: Username,
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
  domain: Domain,
});

export const SetPasswordBody = Type.Object({ password: Type.String({ maxLength: 200 }) });
export const UserIdParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });

// Required text fields accept '' so that the service answers with readable per-field messages.
export const SupplierRegistrationBody = Type.Object({
  domain: Domain,
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
    username: Username,
    phone: Type.Optional(Type.String({ maxLength: 50 })),
  }),
  acceptTerms: Type.Boolean(),
});
