import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { HealthResponse } from '@p2p/domain';
import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';

/** Liveness with a database round trip; exempt from authentication and rate limiting. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; kind: DatabaseKind }> = async (
  app,
  { db, kind },
) => {
  app.get(
    '/health',
    { config: { public: true, rateLimit: false }, schema: { tags: ['health'], summary: 'Health check' } },
    async (): Promise<HealthResponse> => {
      try {
        await sql`select 1`.execute(db);
      } catch {
        throw new AppError('unavailable', 'The database does not answer.', { key: 'health.database' });
      }
      return { status: 'ok', database: kind };
    },
  );
};
