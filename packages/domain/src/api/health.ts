/** Liveness with a database round trip. */
import { Type, type Static } from 'typebox';
import { StringEnum } from './schema.ts';

export const HealthResponseSchema = Type.Object({
  status: Type.Literal('ok'),
  database: StringEnum(['pglite', 'postgres']),
});
export type HealthResponse = Static<typeof HealthResponseSchema>;
