import { actsAsSupplier, supplierSeesState } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { NotificationEvent } from './notification.events.ts';
import { notificationRepository } from './notification.repository.ts';

/** What notifyTransition needs of the moved document (a slice of the document row). */
export interface MovedDocument {
  id: string;
  model: string;
  key: string | null;
  supplier_id: string | null;
  created_by: string;
}

export interface Move {
  action: string;
  from: string;
  to: string;
  /** the model's permissions: which states its suppliers may see */
  permissions: Parameters<typeof supplierSeesState>[0];
}

const SUPPLIER_ACTIONS = new Set(['confirm', 'negotiate']);

const WHAT: Readonly<Record<string, string>> = {
  'submit-approval': 'was submitted for approval',
  approve: 'was approved',
  reject: 'was rejected',
  confirm: 'was confirmed',
  negotiate: 'was sent back for negotiation',
  close: 'was closed',
  reopen: 'was reopened',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text names the document and the action only: no comment and no actor name, so a supplier
 * never reads an internal comment or a staff name here (the timeline decides who reads those).
 */
function textOf(doc: MovedDocument, move: Move, bySupplier: boolean): string {
  const title = `${doc.model.charAt(0).toUpperCase()}${doc.model.slice(1)} ${doc.key ?? ''}`.trim();
  const what = WHAT[move.action] ?? `moved from ${move.from} to ${move.to}`;
  return `<b>${escapeHtml(title)}</b> ${escapeHtml(what)}${bySupplier ? ' by the supplier' : ''}.`;
}

/**
 * Writes the notifications of a workflow move inside its transaction (seed 000 section 7) and
 * answers the live events to publish once it commits:
 * - submit-approval: the users who can approve. Approval rules come later; until then these are
 *   the domain's managers.
 * - approve / reject, a supplier's confirm or negotiate, and every other move: the creator.
 * The actor is never notified, and a supplier user only about its own supplier's documents in a
 * state its suppliers may see (the model's supplierStates).
 */
export async function notifyTransition(
  trx: Db,
  auth: AuthContext,
  doc: MovedDocument,
  move: Move,
): Promise<NotificationEvent[]> {
  const repo = notificationRepository(trx);
  const bySupplier = actsAsSupplier(auth.user) && SUPPLIER_ACTIONS.has(move.action);
  const candidates =
    move.action === 'submit-approval'
      ? await repo.recipients(auth.domainId, { role: 'manager' })
      : await repo.recipients(auth.domainId, { ids: [doc.created_by] });
  const recipients = candidates.filter(
    (u) =>
      u.id !== auth.user._id &&
      (!actsAsSupplier(u.holder) ||
        (u.supplierId !== null &&
          u.supplierId === doc.supplier_id &&
          supplierSeesState(move.permissions, move.to))),
  );
  const text = textOf(doc, move, bySupplier);
  // the web app's document route: the default routes are '/{model}' (config/default-settings.ts)
  const link = `/${doc.model}/${doc.id}`;
  const icon = move.action === 'reject' ? 'pi pi-times-circle' : 'pi pi-sync';
  const events: NotificationEvent[] = [];
  for (const u of recipients) {
    const id = await repo.create({ domainId: auth.domainId, userId: u.id, text, link, icon });
    events.push({ domainId: auth.domainId, userId: u.id, id });
  }
  return events;
}
