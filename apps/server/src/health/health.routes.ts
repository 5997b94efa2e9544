import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, errorResponses } from '@p2p/domain/api';
import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { HealthResponse } from './health.schema.ts';

/** Liveness with a database round trip; exempt from authentication and rate limiting. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; kind: DatabaseKind }> = async (
  app,
  { db, kind },
) => {
  app.get(
    '/health',
    {
      config: { public: true, policy: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Health check',
        response: { 200: described(HealthResponse, 'Up, and the database answers'), ...errorResponses(503) },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(db);
      } catch {
        throw new AppError('unavailable', 'The database does not answer.', { key: 'health.database' });
      }
      return { status: 'ok' as const, database: kind };
    },
  );
};
