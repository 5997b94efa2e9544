import type { DocumentResponse } from '@p2p/domain';
import type { App } from '../src/app.ts';
import type { AuthContext } from '../src/auth/auth-context.ts';
import { toSessionUser } from '../src/auth/session-user.ts';
import { userRepository } from '../src/auth/user.repository.ts';
import type { Db } from '../src/db/database.ts';

/**
 * The integration's hand for tests that run no ERP worker: the tenant's system user, as which the
 * worker acts (erp.worker.ts), moves a document out of erp to erp-done, or to erp-fail with the
 * ERP's reason. No person may take these steps (the models give them to the system role alone).
 * Not the worker's own path: a message waiting in the outbox is cancelled, as when the
 * integration's step is taken outside the worker; erp-delivery.test.ts covers the worker.
 */
export async function erpHand(
  app: App,
  db: Db,
  model: string,
  doc: Pick<DocumentResponse, '_id' | '_version'>,
  opts: { to?: 'erp-done' | 'erp-fail'; comment?: string; domainId?: string } = {},
): Promise<DocumentResponse> {
  const domainId = opts.domainId ?? 'acme';
  const users = userRepository(db);
  const row = await users.findByUsername(domainId, 'system');
  if (!row) throw new Error(`tenant ${domainId} has no system user`);
  const auth: AuthContext = { user: await toSessionUser(users, row), domainId, tokenHash: 'test-erp-hand' };
  return (await app.services.documents.transition(auth, model, doc._id, {
    action: 'workflow',
    to: opts.to ?? 'erp-done',
    ...(opts.comment ? { comment: opts.comment } : {}),
    _version: doc._version,
  })) as DocumentResponse;
}
