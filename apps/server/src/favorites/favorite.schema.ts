import { Type } from 'typebox';

/** Schemas of the favorite routes (the answers are the contract's, `@p2p/domain/api`). */
export const FavoriteUserParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });
