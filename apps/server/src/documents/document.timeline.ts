import {
  actsAsSupplier,
  mergeTimeline,
  supplierSeesState,
  supplierTimeline,
  timelineSteps,
  workflowOf,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from './document.access.ts';
import { documentMessageRepository } from './document-message.repository.ts';

/** The timeline of a document (seed 000 section 4 "Timeline"): its steps and its merged messages. */
export function documentTimeline(db: Db, access: DocumentAccess) {
  return {
    /** The timeline of a document: its steps and its merged messages, scoped like the document. */
    async timeline(auth: AuthContext, name: string, id: string) {
      // the scope check and the state only: a 2,000-line order's lines are not needed here
      const { model, row } = await access.find(auth, name, id);
      const workflow = workflowOf(model);
      const stored = (await documentMessageRepository(db).list(id)).map((m) => ({
        _id: m.id,
        state: m.state,
        ts: new Date(m.ts).toISOString(),
        user: m.user_id ? { _id: m.user_id, name: m.user_name ?? '' } : null,
        text: m.text,
        tracking: m.tracking,
        approval: m.approval,
        audience: m.audience,
        authorSupplier: m.author_supplier,
      }));
      // Suppliers read only what is addressed to them (no internal comments, approvals or names).
      const readable = actsAsSupplier(auth.user)
        ? supplierTimeline(stored, auth.user.supplier?._id ?? '', (s) =>
            supplierSeesState(model.permissions, s),
          )
        : stored;
      const messages = readable.map(({ audience: _a, authorSupplier: _s, ...m }) => m);
      return {
        state: row.state,
        steps: timelineSteps(workflow, row.state),
        items: mergeTimeline(messages, { repeats: workflow.repeats ?? false }).map(
          ({ entries: _entries, ...entry }) => entry,
        ),
      };
    },
  };
}
