import {
  isAdminLevel,
  isIhub,
  type IhubList,
  type IhubListRequest,
  type IhubMessage,
  type IhubStatusInfo,
} from '@p2p/domain';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { maskCredentials } from './erp.config.ts';
import { erpOutboxRepository, type OutboxRow } from './erp-outbox.repository.ts';
import type { ErpConnector } from './erp.connector.ts';
import { REVERSE_INTERFACE } from './erp.reversal.ts';
import { alertCancelBy, erpMayHold } from './erp.effect.ts';
import { erpImport, type ImportCounts, type ImportKind } from './erp.import.ts';

/**
 * The integration monitor: ihub roles and administrators read every ERP message of their tenant
 * (log: each message; tracking: the latest message per document) and act on them: retry a dead or
 * cancelled message, cancel a waiting one, correct its payload and resend it.
 */
const noMessage = () => new AppError('not_found', 'No such ERP message.', { key: 'ihub.not-found' });

export function erpService(
  db: Db,
  status: () => {
    mode: IhubStatusInfo['mode'];
    describe: string;
    target?: string;
    connector?: ErpConnector;
  },
) {
  const repo = erpOutboxRepository(db);
  const allow = (auth: AuthContext) => {
    if (!isIhub(auth.user) && !isAdminLevel(auth.user))
      throw forbidden('Only the integration monitor roles may do this.', 'ihub.forbidden');
  };

  async function shape(rows: OutboxRow[], withPayload: boolean): Promise<IhubMessage[]> {
    const ids = [...new Set(rows.map((r) => r.document_id).filter((x): x is string => !!x))];
    const docs = ids.length
      ? await db.selectFrom('documents').select(['id', 'key', 'state']).where('id', 'in', ids).execute()
      : [];
    const byId = new Map(docs.map((d) => [String(d.id), d]));
    return rows.map((r) => {
      const d = r.document_id ? byId.get(String(r.document_id)) : undefined;
      return {
        _id: String(r.id),
        direction: r.direction,
        interface: r.interface,
        model: r.model,
        document: d ? { _id: String(d.id), key: d.key, state: d.state } : null,
        status: r.status,
        externalRef: r.external_ref,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        nextAt: new Date(r.next_at).toISOString(),
        erpKey: r.erp_key,
        error: maskCredentials(r.error ?? null),
        ...(withPayload ? { payload: maskCredentials(r.payload) } : {}),
        answer: maskCredentials(r.answer ?? null),
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      };
    });
  }

  return {
    status(auth: AuthContext): Promise<IhubStatusInfo> {
      allow(auth);
      return (async () => {
        const counts = await sql<{ status: string; n: string }>`select status, count(*) as n from erp_outbox
          where domain_id = ${auth.domainId} group by status`.execute(db);
        const { mode, describe, target } = status();
        return {
          mode,
          describe,
          ...(target ? { target } : {}),
          counts: Object.fromEntries(counts.rows.map((r) => [r.status, Number(r.n)])),
        };
      })();
    },

    async list(
      auth: AuthContext,
      kind: 'log' | 'tracking',
      model: string,
      q: IhubListRequest,
    ): Promise<IhubList> {
      allow(auth);
      const page = q.p ?? 1;
      const size = q.format === 'xlsx' ? 10_000 : (q.l ?? 30);
      const [rows, count] = await repo.list(auth.domainId, {
        model,
        page,
        size,
        latestOnly: kind === 'tracking',
        ...(q.status ? { status: q.status } : {}),
      });
      return {
        items: await shape(rows, q.format === 'xlsx'),
        options: { count: Number(count.n), page, pagesize: size },
      };
    },

    async get(auth: AuthContext, id: string): Promise<IhubMessage> {
      allow(auth);
      const row = await repo.find(auth.domainId, id);
      if (!row) throw noMessage();
      return (await shape([row], true))[0]!;
    },

    async retry(auth: AuthContext, id: string, payload?: Record<string, unknown>) {
      allow(auth);
      const row = await repo.find(auth.domainId, id);
      if (!row) throw noMessage();
      if (row.document_id) {
        const doc = await db
          .selectFrom('documents')
          .select('state')
          .where('id', '=', row.document_id)
          .executeTakeFirst();
        // a reversal waits in reversed (the supplier took the goods back), every other send in erp
        if (doc?.state !== (row.interface === REVERSE_INTERFACE ? 'reversed' : 'erp'))
          throw new AppError(
            'conflict',
            'The document is no longer waiting for the ERP: resend it from its form.',
            { key: 'ihub.not-waiting' },
          );
      }
      const res = await repo.requeue(auth.domainId, id, payload);
      if (!Number(res.numUpdatedRows))
        throw new AppError('conflict', `A ${row.status} message cannot be sent again.`, {
          key: 'ihub.not-retryable',
        });
      return this.get(auth, id);
    },

    /** An import now (the monitor's button, a scheduler outside): the counts of the run. */
    async importNow(auth: AuthContext, kind: ImportKind): Promise<ImportCounts> {
      allow(auth);
      const connector = status().connector;
      if (!connector)
        throw new AppError('conflict', 'No ERP is connected to this server: nothing to import.', {
          key: 'ihub.no-erp',
        });
      return erpImport(db, connector).run(auth.domainId, kind);
    },

    async cancel(auth: AuthContext, id: string) {
      allow(auth);
      const row = await repo.find(auth.domainId, id);
      if (!row) throw noMessage();
      const res = await db.transaction().execute(async (trx) => {
        const cancelled = await erpOutboxRepository(trx).cancel(auth.domainId, id);
        // the ERP may hold the document although its sending is cancelled: alertCancel says who
        // cancelled when, so its copy in the ERP is cancelled there
        if (Number(cancelled.numUpdatedRows) && row.document_id && row.direction === 'out' && erpMayHold(row))
          await trx
            .updateTable('documents')
            .set({
              data: sql`data || jsonb_build_object('_alertCancel', ${JSON.stringify(alertCancelBy(auth))}::jsonb)`,
              version: sql`version + 1`,
              updated_at: new Date(),
            } as never)
            .where('id', '=', row.document_id)
            .execute();
        return cancelled;
      });
      if (!Number(res.numUpdatedRows))
        throw new AppError('conflict', `A ${row.status} message cannot be cancelled.`, {
          key: 'ihub.not-cancellable',
        });
      return this.get(auth, id);
    },
  };
}

export type ErpService = ReturnType<typeof erpService>;
