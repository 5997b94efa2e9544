import {
  actsAsSupplier,
  documentParams,
  renderNotification,
  stateParam,
  type NotificationParams,
  type NotificationTextKey,
  type supplierSeesState,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { userRepository } from '../auth/user.repository.ts';
import type { Db } from '../db/database.ts';
import { documentAccess } from '../documents/document.access.ts';
import type { NotificationEvent } from './notification.events.ts';
import { notificationRepository } from './notification.repository.ts';

/** What notifyTransition needs of the moved document (a slice of the document row). */
export interface MovedDocument {
  id: string;
  model: string;
  key: string | null;
  supplier_id: string | null;
  created_by: string;
  requester_id?: string | null;
}

export interface Move {
  action: string;
  from: string;
  to: string;
  /** the model's permissions: which states its suppliers may see */
  permissions: Parameters<typeof supplierSeesState>[0];
}

const SUPPLIER_ACTIONS = new Set(['confirm', 'negotiate']);
const NAMED_ACTIONS = new Set([
  'submit-approval',
  'approve',
  'reject',
  'confirm',
  'negotiate',
  'close',
  'reopen',
]);

/**
 * The text of a move names the document and the action only: no comment and no actor name, so a
 * supplier never reads an internal comment or a staff name here (the timeline decides who reads
 * those). Each reader gets it in its own language (notification-texts in the domain).
 */
function textOf(doc: MovedDocument, move: Move, bySupplier: boolean) {
  const params = documentParams(doc.model, doc.key);
  if (!NAMED_ACTIONS.has(move.action))
    return {
      key: 'document.moved' as const,
      params: { ...params, from: stateParam(move.from), to: stateParam(move.to) },
    };
  const key = `document.${move.action}${bySupplier ? '.supplier' : ''}` as NotificationTextKey;
  return { key, params };
}

/**
 * Writes notifications with a text key for each user, inside the caller's transaction, and
 * answers the live events to publish once it commits. The stored `text` is the English rendering;
 * every reader gets the text in its own language when it reads (notification.service.ts).
 */
export async function notifyUsers(
  trx: Db,
  n: {
    domainId: string;
    userIds: ReadonlyArray<string>;
    textKey: NotificationTextKey;
    params: NotificationParams;
    link: string;
    icon: string;
  },
): Promise<NotificationEvent[]> {
  const repo = notificationRepository(trx);
  const text = renderNotification(n.textKey, n.params, 'en') ?? '';
  const events: NotificationEvent[] = [];
  for (const userId of new Set(n.userIds)) {
    const id = await repo.create({
      domainId: n.domainId,
      userId,
      text,
      link: n.link,
      icon: n.icon,
      textKey: n.textKey,
      params: n.params,
    });
    events.push({ domainId: n.domainId, userId, id });
  }
  return events;
}

/**
 * The users among `ids` who may read the document now: active users of the domain for whom the
 * document is inside their own document scope (documents.access; suppliers only their own
 * company's documents in the model's supplierStates). Read inside the move's transaction, so the
 * scope sees the state the document moves to.
 */
export async function readersOf(
  trx: Db,
  domainId: string,
  doc: Pick<MovedDocument, 'id' | 'model'>,
  ids: ReadonlyArray<string>,
): Promise<string[]> {
  const users = userRepository(trx);
  const access = documentAccess(trx);
  const out: string[] = [];
  for (const id of new Set(ids)) {
    const row = await users.findById(domainId, id);
    if (!row || row.status !== 'active') continue;
    const reader: AuthContext = { user: await toSessionUser(users, row), domainId, tokenHash: '' };
    if (await access.visible(reader, doc.model, doc.id)) out.push(id);
  }
  return out;
}

/**
 * Writes the notifications of a workflow move inside its transaction (seed 000 section 7) and
 * answers the live events to publish once it commits. Who hears of it:
 * - the document's owners: its creator and its requester;
 * - its followers: the users who have it among their favorites;
 * - on submit-approval also the domain's managers (until an approval effect notifies the approvers
 *   itself and takes the move's notifications over);
 * never the actor, and only readers of the document in the state it moves to (a supplier only its
 * own documents in the model's supplierStates: never a draft or an approval).
 */
export async function notifyTransition(
  trx: Db,
  auth: AuthContext,
  doc: MovedDocument,
  move: Move,
): Promise<NotificationEvent[]> {
  const repo = notificationRepository(trx);
  const bySupplier = actsAsSupplier(auth.user) && SUPPLIER_ACTIONS.has(move.action);
  const candidates = [doc.created_by, ...(doc.requester_id ? [doc.requester_id] : [])];
  candidates.push(...(await repo.followers(auth.domainId, doc.id)));
  if (move.action === 'submit-approval')
    candidates.push(...(await repo.recipients(auth.domainId, { role: 'manager' })).map((u) => u.id));
  const readers = await readersOf(
    trx,
    auth.domainId,
    doc,
    candidates.filter((id) => id !== auth.user._id),
  );
  if (!readers.length) return [];
  const { key, params } = textOf(doc, move, bySupplier);
  return notifyUsers(trx, {
    domainId: auth.domainId,
    userIds: readers,
    textKey: key,
    params,
    // the web app's document route: the default routes are '/{model}' (config/default-settings.ts)
    link: `/${doc.model}/${doc.id}`,
    icon: move.action === 'reject' ? 'pi pi-times-circle' : 'pi pi-sync',
  });
}
