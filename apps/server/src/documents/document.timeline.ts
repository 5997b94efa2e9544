import {
  actsAsSupplier,
  mergeTimeline,
  supplierSeesState,
  supplierTimeline,
  timelineSteps,
  workflowOf,
  type MergedTimelineEntry,
  type NoteTo,
  type TimelineMessage,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from './document.access.ts';
import { documentMessageRepository } from './document-message.repository.ts';

/**
 * Merges consecutive messages by the same user in the same state (mergeTimeline), but never a note:
 * each note is its own words with its own files, so it stays an entry of its own (count 1) and
 * breaks the run of the workflow steps around it.
 */
function mergeKeepingNotes<M extends TimelineMessage & { to?: NoteTo }>(
  messages: ReadonlyArray<M>,
  repeats: boolean,
): MergedTimelineEntry<M>[] {
  const out: MergedTimelineEntry<M>[] = [];
  let run: M[] = [];
  const flush = () => {
    out.push(...mergeTimeline(run, { repeats }));
    run = [];
  };
  for (const m of messages) {
    if (m.to === undefined) run.push(m);
    else {
      flush();
      out.push({ ...m, count: 1, entries: [m] });
    }
  }
  flush();
  return out;
}

/** The timeline of a document (seed 000 section 4 "Timeline"): its steps and its merged messages. */
export function documentTimeline(db: Db, access: DocumentAccess) {
  return {
    /** The timeline of a document: its steps and its merged messages, scoped like the document. */
    async timeline(auth: AuthContext, name: string, id: string) {
      // the scope check and the state only: a 2,000-line order's lines are not needed here
      const { model, row } = await access.find(auth, name, id);
      const workflow = workflowOf(model);
      const repo = documentMessageRepository(db);
      const rows = await repo.list(id);
      const files = await repo.files(rows.filter((m) => m.note_to !== null).map((m) => m.id));
      const stored = rows.map((m) => ({
        _id: m.id,
        state: m.state,
        ts: new Date(m.ts).toISOString(),
        user: m.user_id ? { _id: m.user_id, name: m.user_name ?? '' } : null,
        text: m.text,
        tracking: m.tracking,
        approval: m.approval,
        audience: m.audience,
        authorSupplier: m.author_supplier,
        // a note posted in the message box (seed 000 section 3: files; seed 001: to, line)
        ...(m.note_to !== null ? { to: m.note_to, line: m.line, files: files.get(m.id) ?? [] } : {}),
      }));
      // Suppliers read only what is addressed to them (no internal note or its files, no internal
      // comment, approval or staff name: an internal author's note to the supplier shows no author).
      const readable = actsAsSupplier(auth.user)
        ? supplierTimeline(stored, auth.user.supplier?._id ?? '', (s) =>
            supplierSeesState(model.permissions, s),
          )
        : stored;
      // a workflow step read by a supplier has its files nulled: only a note's files are answered
      const messages = readable.map(({ audience: _a, authorSupplier: _s, files, ...m }) =>
        files ? { ...m, files } : m,
      );
      return {
        state: row.state,
        steps: timelineSteps(workflow, row.state),
        items: mergeKeepingNotes(messages, workflow.repeats ?? false).map(
          ({ entries: _entries, ...entry }) => entry,
        ),
      };
    },
  };
}
