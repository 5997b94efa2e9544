/**
 * Test answers built the way the server builds them, typed by the contract: a document read
 * carries the actions and verdicts the server computes with the same domain rules
 * (apps/server/src/documents/document.service.ts `offers`), and the timeline its steps and merged
 * messages (document.workflow.ts `timeline`). Mocks made here cannot claim what the server never says.
 */
import {
  availableTransitions,
  canDelete,
  canDuplicate,
  canEdit,
  documentActions,
  mergeTimeline,
  timelineSteps,
  workflowOf,
  type DocumentListRow,
  type DocumentResponse,
  type ModelConfig,
  type SessionUser,
  type TimelineEntry,
  type TimelineResponse,
} from '@p2p/domain';

/** A stored document as the server reads it, before the offers of the caller are added. */
export type StoredDocument = DocumentListRow & Pick<DocumentResponse, 'lines'>;

/** GET /purchasing/{model}/{id} as `user` gets it. */
export function served(
  doc: StoredDocument,
  model: ModelConfig,
  user: SessionUser,
  now = new Date(),
): DocumentResponse {
  const deleted = doc._state.current === 'deleted';
  return {
    ...doc,
    _actions: {
      actions: documentActions(doc, model, user, now),
      transitions: deleted ? [] : availableTransitions(doc, workflowOf(model), user, now, { model }),
    },
    _permissions: {
      edit: canEdit(doc, model, user),
      delete: canDelete(doc, model, user),
      duplicate: !deleted && canDuplicate(doc, model, user),
    },
  };
}

/** A timeline message as stored (before the server merges consecutive ones). */
export type TimelineMessage = Omit<TimelineEntry, 'count' | 'tracking' | 'approval'> &
  Partial<Pick<TimelineEntry, 'tracking' | 'approval'>>;

/** GET /communication/messages/{model}/{id} for a document in `state`. */
export function servedTimeline(
  model: ModelConfig,
  state: string,
  messages: TimelineMessage[],
): TimelineResponse {
  const workflow = workflowOf(model);
  const stored = messages.map((m) => ({ ...m, tracking: m.tracking ?? null, approval: m.approval ?? null }));
  return {
    state,
    steps: timelineSteps(workflow, state),
    items: mergeTimeline(stored, { repeats: workflow.repeats ?? false }).map(
      ({ entries: _merged, ...entry }) => entry,
    ),
  };
}
