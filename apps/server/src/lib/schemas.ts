import { Type } from 'typebox';

/** Schemas shared by several routes. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export const LangParams = Type.Object({ lang: Type.String({ pattern: '^[a-z]{2}$' }) });
/** The cache-busting `ts` query parameter the web app appends. */
export const TsQuery = Type.Object({ ts: Type.Optional(Type.String({ maxLength: 40 })) });
export const MessageSchema = Type.Object({ message: Type.String() });
