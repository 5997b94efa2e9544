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
