import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { notificationRepository } from '../notifications/notification.repository.ts';
import { PROPOSAL_MODEL, sourcingRepository } from './sourcing.repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SupplierNotice {
  supplierId: string;
  /** the supplier's own proposal: the link of the notification */
  proposalId: string;
  /** plain text; the document number comes first in bold */
  title: string;
  text: string;
  icon: string;
}

/**
 * Notifies every active user of each supplier about its own proposal, inside the move's
 * transaction; answers the live events to publish after commit. The text names documents and the
 * outcome only: no comment, no staff name, nothing of another supplier.
 */
export async function notifySuppliers(
  trx: Db,
  auth: AuthContext,
  notices: ReadonlyArray<SupplierNotice>,
): Promise<NotificationEvent[]> {
  const users = await sourcingRepository(trx).supplierUsers(
    auth.domainId,
    notices.map((n) => n.supplierId),
  );
  const repo = notificationRepository(trx);
  const events: NotificationEvent[] = [];
  for (const n of notices)
    for (const u of users.filter((x) => x.supplier_id === n.supplierId && x.id !== auth.user._id)) {
      const id = await repo.create({
        domainId: auth.domainId,
        userId: u.id,
        text: `<b>${escapeHtml(n.title)}</b> ${escapeHtml(n.text)}`,
        link: `/${PROPOSAL_MODEL}/${n.proposalId}`,
        icon: n.icon,
      });
      events.push({ domainId: auth.domainId, userId: u.id, id });
    }
  return events;
}
