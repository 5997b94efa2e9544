import { documentParams, type NamedRef, type NotificationTextKey } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { notifyUsers } from '../notifications/notification.notify.ts';
import { notificationRepository } from '../notifications/notification.repository.ts';
import type { ParentRef } from './approval.document.ts';

/**
 * The notifications approvals send themselves (the engine's default is skipped: decision.notified).
 * As in notification.notify.ts the text names the document and the action only, never a comment
 * nor who acted; the actor is never notified. Approvers are internal users by construction (the
 * rules seat no supplier), so no supplier filter is needed here.
 */

export type ApprovalNotice = 'submitted' | 'your-turn' | 'opinion-asked' | 'opinion-given';

/** Notices with a text of the notification catalogue are rendered in each reader's language. */
const KEYED: Partial<Record<ApprovalNotice, NotificationTextKey>> = {
  submitted: 'document.submit-approval',
  'your-turn': 'approval.requested',
};

/** The opinion notices have no entry in the catalogue yet: English, as stored text. */
const PLAIN: Readonly<Record<'opinion-asked' | 'opinion-given', string>> = {
  'opinion-asked': 'waits for your opinion',
  'opinion-given': 'has the opinion you asked for',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Writes one notification per recipient inside the decision's transaction and answers the live
 * events to publish once it commits. `link` is the page that waits for them: the parent for its
 * approvers, the approval document for a consultant (who may not read the parent).
 */
export async function notifyApproval(
  trx: Db,
  auth: AuthContext,
  about: ParentRef,
  notice: ApprovalNotice,
  recipients: ReadonlyArray<NamedRef>,
  link: string,
): Promise<NotificationEvent[]> {
  const userIds = [...new Set(recipients.map((r) => r._id))].filter((id) => id !== auth.user._id);
  if (!userIds.length) return [];
  const icon = 'pi pi-check-square';
  const textKey = KEYED[notice];
  if (textKey)
    return notifyUsers(trx, {
      domainId: auth.domainId,
      userIds,
      textKey,
      params: documentParams(about.model, about.key),
      link,
      icon,
    });
  const title = documentParams(about.model, about.key).title.en;
  const text = `<b>${escapeHtml(title)}</b> ${PLAIN[notice as keyof typeof PLAIN]}.`;
  const repo = notificationRepository(trx);
  const events: NotificationEvent[] = [];
  for (const userId of userIds) {
    const id = await repo.create({ domainId: auth.domainId, userId, text, link, icon });
    events.push({ domainId: auth.domainId, userId, id });
  }
  return events;
}
