import { Type } from 'typebox';

/** Schemas of the configuration routes (the answers are the contract's, `@p2p/domain/api`). */
export { OfflineRequestSchema as OfflineBody } from '@p2p/domain/api';

export const HelpParams = Type.Object({
  lang: Type.String({ pattern: '^[a-z]{2}$' }),
  doc: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }),
});
