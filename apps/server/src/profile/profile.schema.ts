import { Type } from 'typebox';

/** Schemas of the profile routes (body and answers are the contract's, `@p2p/domain/api`). */
export { UserConfigRequestSchema as UserConfigBody } from '@p2p/domain/api';

export const GroupParams = Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 100 }) });
export const OrgNodeParams = Type.Object({ nodeKey: Type.String({ minLength: 1, maxLength: 100 }) });
