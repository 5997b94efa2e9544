import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { userRepository } from '../auth/user.repository.ts';
import type { Db } from '../db/database.ts';
import type {
  ErpConnector,
  ErpCreated,
  ErpDocumentInput,
  ErpDocumentKind,
  ErpGoodsReceiptInput,
} from './erp.connector.ts';
import { isErpError, transientError, type ErpError } from './erp.errors.ts';
import { erpOutboxRepository, type OutboxRow } from './erp-outbox.repository.ts';
import { INTEGRATION_TOKEN } from './erp.effect.ts';
import { reversalPosted, reversalRefused, REVERSE_INTERFACE, type ReversalPayload } from './erp.reversal.ts';

/**
 * Works the outbox: claims due messages (FOR UPDATE SKIP LOCKED, so several instances share),
 * sends each through the connector and moves its document out of `erp` through the workflow (the
 * features' effects run: a goods receipt receives on its order). Exactly once in the ERP: a
 * message on its second or later attempt first asks the ERP for its external reference; a crash
 * at any point leaves the message running with a lease that runs out, and the next claim finds
 * the document (sent) or sends it (not sent). A live worker renews its leases while it sends.
 */
export interface WorkerOptions {
  /** how many messages one instance sends at the same time */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** first retry wait; doubles per attempt up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (msg: string, extra?: unknown) => void;
}

export type Transition = (
  auth: AuthContext,
  model: string,
  id: string,
  body: { action: string; to: string },
) => Promise<unknown>;

const KIND: Record<string, ErpDocumentKind> = {
  'order.create': 'order',
  'requisition.create': 'requisition',
  'contract.create': 'contract',
  'goods-receipt.post': 'goods-receipt',
  [REVERSE_INTERFACE]: 'goods-receipt',
};

export function erpWorker(db: Db, connector: ErpConnector, transition: Transition, opts: WorkerOptions = {}) {
  const id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const repo = erpOutboxRepository(db);
  const concurrency = opts.concurrency ?? 5;
  const leaseMs = opts.leaseMs ?? 60_000;
  const backoff = (attempt: number) =>
    Math.min(opts.maxBackoffMs ?? 300_000, (opts.backoffMs ?? 2_000) * 2 ** Math.max(0, attempt - 1)) *
    (0.8 + Math.random() * 0.4);
  const integrationUsers = new Map<string, AuthContext>();
  let running = false;
  let loop: Promise<void> | null = null;
  /** senders waiting for the next poll, first in line first */
  const idle: Array<() => void> = [];
  let poll: ReturnType<typeof setInterval> | null = null;

  /** The tenant's system user, acting with the integration's role for the erp steps. */
  async function integration(domainId: string): Promise<AuthContext> {
    const cached = integrationUsers.get(domainId);
    if (cached) return cached;
    const users = userRepository(db);
    const row =
      (await users.findByUsername(domainId, 'system')) ?? (await users.findByUsername(domainId, 'admin'));
    if (!row) throw new Error(`tenant ${domainId} has no system user for the ERP integration`);
    const user: SessionUser = await toSessionUser(users, row);
    user.roles = [...user.roles, { key: 'ihub-operator', name: 'ERP integration' }];
    const auth: AuthContext = { user, domainId, tokenHash: INTEGRATION_TOKEN };
    integrationUsers.set(domainId, auth);
    return auth;
  }

  async function send(msg: OutboxRow): Promise<ErpCreated> {
    const kind = KIND[msg.interface];
    if (!kind) throw transientError(`unknown interface ${msg.interface}`);
    if (msg.interface === REVERSE_INTERFACE) {
      const p = msg.payload as ReversalPayload;
      // after an unknown outcome the ERP may have posted the reversal already
      const found = msg.attempts > 1 ? await connector.findReversal(p.key, p.year) : null;
      return found ?? connector.reverseGoodsReceipt(p.key, p.year, p.postingDate);
    }
    // a later attempt may follow an unknown outcome: the ERP may hold the document already
    if (msg.attempts > 1) {
      const found = await connector.findByRef(kind, msg.external_ref);
      if (found) return found;
    }
    if (kind === 'goods-receipt') return connector.postGoodsReceipt(msg.payload as ErpGoodsReceiptInput);
    return connector.create(msg.payload as ErpDocumentInput);
  }

  async function move(msg: OutboxRow, to: 'erp-done' | 'erp-fail', key?: string) {
    if (!msg.document_id) return;
    const auth = await integration(msg.domain_id);
    if (key)
      await db
        .updateTable('documents')
        .set({ key })
        .where('id', '=', msg.document_id)
        .where('state', '=', 'erp')
        .execute();
    try {
      await transition(auth, msg.model, msg.document_id, { action: 'workflow', to });
    } catch (err) {
      // already moved (a crash between the move and the settle, or a person acted): nothing to redo
      const state = await db
        .selectFrom('documents')
        .select('state')
        .where('id', '=', msg.document_id)
        .executeTakeFirst();
      if (state?.state === 'erp') throw err;
    }
  }

  async function work(msg: OutboxRow): Promise<void> {
    // the lease is renewed while this worker lives, so a slow ERP never lets another sender take it
    const renewal = setInterval(
      () =>
        void repo
          .renew(msg.id, id, leaseMs)
          .catch((err: unknown) => opts.log?.(`ERP message ${msg.id}: lease not renewed`, err)),
      Math.max(20, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    try {
      await attempt(msg);
    } finally {
      clearInterval(renewal);
    }
  }

  async function attempt(msg: OutboxRow): Promise<void> {
    try {
      const created = await send(msg);
      const answer = { key: created.key, ...(created.year ? { year: created.year } : {}) };
      // the answer first: the move's effect copies it into the document's _erp
      await repo.note(msg.id, { answer, erpKey: created.key });
      if (msg.interface === REVERSE_INTERFACE && msg.document_id)
        await reversalPosted(db, msg.document_id, created, msg.attempts);
      else await move(msg, 'erp-done', created.key);
      await repo.settle(msg.id, id, { status: 'done', answer, erpKey: created.key });
    } catch (err) {
      const e: ErpError = isErpError(err) ? err : transientError((err as Error).message);
      const error = {
        kind: e.kind,
        message: e.message,
        status: e.status,
        // the ERP may have committed it (a create whose answer never came): alertCancel reads this
        ...(e.unknownOutcome ? { unknownOutcome: true } : {}),
        details: e.details.map((d) => ({
          field: d.field,
          line: d.line,
          message: d.message,
          code: d.code,
          ...(d.erpField ? { erpField: d.erpField } : {}),
        })),
      };
      if (e.kind === 'business') {
        await repo.note(msg.id, { error });
        if (msg.interface === REVERSE_INTERFACE && msg.document_id)
          await reversalRefused(
            db,
            await integration(msg.domain_id),
            msg.document_id,
            e.message,
            e.details,
            msg.attempts,
          );
        else await move(msg, 'erp-fail');
        await repo.settle(msg.id, id, { status: 'failed', error });
        return;
      }
      const dead = msg.attempts >= msg.max_attempts;
      await repo.settle(msg.id, id, {
        status: dead ? 'dead' : 'queued',
        error,
        ...(dead ? {} : { nextAt: new Date(Date.now() + backoff(msg.attempts)) }),
      });
      opts.log?.(`ERP message ${msg.id} ${dead ? 'is dead' : 'will be retried'}: ${e.message}`);
    }
  }

  async function tick(): Promise<number> {
    const claimed = await repo.claim(id, concurrency, leaseMs);
    await Promise.all(
      claimed.map((m) =>
        work(m).catch((err: unknown) => opts.log?.(`ERP message ${m.id} left for a later claim`, err)),
      ),
    );
    return claimed.length;
  }

  return {
    id,
    /** one pass (tests): claims and works what is due; answers how many messages it took */
    tick,
    start() {
      if (running) return;
      running = true;
      // `concurrency` senders, each claiming its next message as soon as it is free (no convoy
      // behind the slowest of a batch). Idle senders wait in line and one poll every pollMs wakes
      // the first of them (one claim per poll, not one per sender: five idle senders polled the
      // database ten times a second); a sender that claims a message wakes the next one, since
      // more may be due, so a burst still reaches every sender within a few claims.
      const wakeOne = () => {
        const next = idle.shift();
        next?.();
      };
      poll = setInterval(wakeOne, opts.pollMs ?? 500);
      const sender = async () => {
        while (running) {
          const claimed = await repo
            .claim(id, 1, leaseMs)
            .catch((err: unknown) => (opts.log?.('ERP claim failed', err), []));
          if (claimed.length) wakeOne();
          for (const m of claimed)
            await work(m).catch((err: unknown) =>
              opts.log?.(`ERP message ${m.id} left for a later claim`, err),
            );
          if (!claimed.length && running) await new Promise<void>((r) => idle.push(r));
        }
      };
      loop = Promise.all(Array.from({ length: concurrency }, sender)).then(() => undefined);
    },
    /** lets the messages in flight finish */
    async stop() {
      running = false;
      if (poll) clearInterval(poll);
      poll = null;
      for (const w of idle.splice(0)) w();
      await loop;
    },
  };
}

export type ErpWorker = ReturnType<typeof erpWorker>;
