/** The workflow timeline (seed 000 section 4 "Timeline"). */
import { refId } from './states.ts';
import type { Label, RecordRef, Workflow } from './types.ts';

export type StepStatus = 'completed' | 'active' | 'future';

export interface TimelineStep {
  name: string;
  label: Label;
  index: number;
  status: StepStatus;
}

/**
 * The steps of a workflow: its states that are not optional, hidden or back, by index.
 * - current state is a step: earlier steps completed, it active, later ones future;
 * - current state is a back state (rejected, erp-fail ...): the document returns to its start, so
 *   the first step is active and the others future;
 * - current state is 'deleted': every step future;
 * - another optional or hidden state (updated, archived ...): steps with a lower index completed,
 *   the others future, none active;
 * - unknown state: every step future.
 */
export function timelineSteps(workflow: Workflow, currentState: string | null | undefined): TimelineStep[] {
  const steps = workflow.states
    .filter((s) => !s.optional && !s.hidden && !s.back)
    .sort((a, b) => a.index - b.index);
  const current = workflow.states.find((s) => s.name === currentState);
  const status = (index: number, position: number): StepStatus => {
    if (!current || current.name === 'deleted') return 'future';
    if (steps.some((s) => s.name === current.name)) {
      return index < current.index ? 'completed' : index === current.index ? 'active' : 'future';
    }
    if (current.back) return position === 0 ? 'active' : 'future';
    return index < current.index ? 'completed' : 'future';
  };
  return steps.map((s, i) => ({ name: s.name, label: s.label, index: s.index, status: status(s.index, i) }));
}

/** A timeline message (seed 000 section 3). */
export interface TimelineMessage {
  state?: string | null;
  ts?: string | number | Date | null;
  user?: RecordRef | null;
  text?: string | null;
  files?: ReadonlyArray<unknown> | null;
  read?: boolean | null;
  bypassFail?: boolean | null;
  tracking?: unknown;
  approval?: unknown;
  [field: string]: unknown;
}

export type MergedTimelineEntry<M extends TimelineMessage = TimelineMessage> = M & {
  /** how many consecutive messages this entry stands for */
  count: number;
  /** the merged messages, in input order (the entry shows the first) */
  entries: M[];
};

/**
 * Merges consecutive messages by the same user in the same state into one entry with a count (the
 * entry keeps the first message's fields); with `repeats` (a workflow that revisits its states)
 * nothing is merged. Messages without a user are never merged.
 */
export function mergeTimeline<M extends TimelineMessage>(
  messages: ReadonlyArray<M>,
  options: { repeats?: boolean } = {},
): Array<MergedTimelineEntry<M>> {
  const out: Array<MergedTimelineEntry<M>> = [];
  for (const m of messages) {
    const prev = out[out.length - 1];
    const user = refId(m.user);
    if (
      !options.repeats &&
      prev &&
      user !== undefined &&
      refId(prev.user) === user &&
      (prev.state ?? null) === (m.state ?? null)
    ) {
      prev.count += 1;
      prev.entries.push(m);
      continue;
    }
    out.push({ ...m, count: 1, entries: [m] });
  }
  return out;
}

/**
 * Who a timeline message is addressed to: 'internal' (the buying organisation only) or 'supplier'
 * (the document's supplier too). Suppliers are outsiders: internal comments, approvals and staff
 * names are never theirs to read.
 */
export type MessageAudience = 'internal' | 'supplier';
export const MESSAGE_AUDIENCES: ReadonlyArray<MessageAudience> = ['internal', 'supplier'];

/** A stored message with what the audience rule reads: its audience and its author's company. */
export interface AudienceMessage extends TimelineMessage {
  audience: MessageAudience;
  /** the supplier company of the author (null: internal staff or the system) */
  authorSupplier: string | null;
}

/**
 * The audience of a new message: a supplier's own messages are addressed to both sides; internal
 * users address the supplier only when they ask to (the default is internal).
 */
export function messageAudience(
  authorIsSupplier: boolean,
  asked: MessageAudience | undefined,
): MessageAudience {
  return authorIsSupplier ? 'supplier' : (asked ?? 'internal');
}

/**
 * The messages a supplier may read on one of its documents:
 * - its own company's messages, as they are (another supplier's, never);
 * - messages addressed to the supplier, without the internal author's name;
 * - internal workflow steps into a state the supplier sees (`visibleState`), as the bare change of
 *   state: no comment, no author, no approval;
 * - nothing else (internal comments, approvals, steps through internal states).
 */
export function supplierTimeline<M extends AudienceMessage>(
  messages: ReadonlyArray<M>,
  supplierId: string,
  visibleState: (state: string) => boolean,
): M[] {
  const out: M[] = [];
  for (const m of messages) {
    if (m.authorSupplier === supplierId) out.push(m);
    else if (m.authorSupplier)
      continue; // another supplier's words are never shown
    else if (m.audience === 'supplier') out.push({ ...m, user: null, approval: null });
    else {
      const to = (m.tracking as { to?: unknown } | null | undefined)?.to;
      if (typeof to === 'string' && visibleState(to))
        out.push({ ...m, user: null, text: null, approval: null, files: null });
    }
  }
  return out;
}
