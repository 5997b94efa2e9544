import { actsAsSupplier, noteAddressedSides, supplierSeesState, type NoteTo } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import type { ModelConfig } from '../documents/model-config.ts';
import { fieldErrors } from '../lib/app-error.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { notificationRepository } from '../notifications/notification.repository.ts';
import { noteRepository } from './note.repository.ts';

const idOf = (ref: unknown): string | null => {
  const id = (ref as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** The buying side's people of a document: creator, requester, recipient, manager, assignees. */
function internalWorkers(row: DocumentRow): string[] {
  const data = row.data ?? {};
  const assignees = Array.isArray(data.assignees) ? data.assignees.map(idOf) : [];
  return [row.created_by, row.requester_id, idOf(data.recipient), idOf(data.manager), ...assignees].filter(
    (id): id is string => Boolean(id),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document and 'new note' only: never the note's text nor its author (a supplier reads it too). */
export function noteNotificationText(row: Pick<DocumentRow, 'model' | 'key'>): string {
  const title = `${row.model.charAt(0).toUpperCase()}${row.model.slice(1)} ${row.key ?? ''}`.trim();
  return `<b>${escapeHtml(title)}</b>: new note.`;
}

/**
 * Writes the notifications of a new note inside its transaction and answers the live events to
 * publish after the commit. Who: the people of the addressed sides (noteAddressedSides) who work on
 * the document — on the buying side its creator, requester, recipient, manager and assignees; on
 * the supplier side the users of the document's supplier, when the document is in a state they see.
 * Never the author. `assignees` narrows that to the named people; naming anybody else is refused
 * (400) before anything is written.
 */
export async function notifyNote(
  trx: Db,
  auth: AuthContext,
  doc: { row: DocumentRow; model: ModelConfig },
  note: { to: NoteTo; assignees: ReadonlyArray<string> },
): Promise<NotificationEvent[]> {
  const { row, model } = doc;
  const sides = noteAddressedSides(note.to, actsAsSupplier(auth.user));
  const supplierSees = row.supplier_id !== null && supplierSeesState(model.permissions, row.state);
  const ids = new Set<string>(sides.internal ? internalWorkers(row) : []);
  if (sides.supplier && supplierSees)
    for (const id of await noteRepository(trx).supplierUsers(auth.domainId, row.supplier_id!)) ids.add(id);
  const repo = notificationRepository(trx);
  const people = (await repo.recipients(auth.domainId, { ids: [...ids] })).filter((u) =>
    actsAsSupplier(u.holder)
      ? sides.supplier && supplierSees && u.supplierId === row.supplier_id
      : sides.internal,
  );
  let recipients = people.filter((u) => u.id !== auth.user._id);
  if (note.assignees.length) {
    const known = new Set(people.map((u) => u.id));
    if (note.assignees.some((id) => !known.has(id)))
      throw fieldErrors(
        'Assignees must be people of the addressed side who work on the document.',
        [
          {
            field: 'assignees',
            message: 'Assignees must be people of the addressed side who work on the document.',
          },
        ],
        'notes.assignees',
      );
    recipients = recipients.filter((u) => note.assignees.includes(u.id));
  }
  const text = noteNotificationText(row);
  const link = `/${row.model}/${row.id}`;
  const events: NotificationEvent[] = [];
  for (const u of recipients) {
    const id = await repo.create({
      domainId: auth.domainId,
      userId: u.id,
      text,
      link,
      icon: 'pi pi-comment',
    });
    events.push({ domainId: auth.domainId, userId: u.id, id });
  }
  return events;
}
