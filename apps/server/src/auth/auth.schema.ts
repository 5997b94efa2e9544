import { Type } from 'typebox';

/**
 * Schemas of the auth routes. The bodies are the contract's (`@p2p/domain/api`, shared with the
 * web app); the path parameters are the server's.
 */
export {
  SetPasswordRequestSchema as SetPasswordBody,
  SignInRequestSchema as SignInBody,
  SignUpRequestSchema as SignUpBody,
  SupplierRegistrationRequestSchema as SupplierRegistrationBody,
} from '@p2p/domain/api';

export const UserIdParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });
export const SignUpPolicyQuery = Type.Object({
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
