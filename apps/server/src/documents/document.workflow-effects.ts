import type { DocumentLike, MessageAudience } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import type { DocumentRow } from './document.repository.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * A feature's part in a workflow move (approvals, sourcing, receiving, evaluations). The engine
 * decides whether the caller may take the action; an effect then runs inside the move's
 * transaction and may shape it (stay, another target, data written) or refuse it by throwing an
 * AppError, which rolls the whole move back.
 */
export interface WorkflowMove {
  action: string;
  from: string;
  /** the target the workflow configuration names */
  to: string;
  comment: string;
  audience?: MessageAudience;
}

export interface WorkflowEffectContext {
  trx: Db;
  auth: AuthContext;
  model: ModelConfig;
  /** the locked row as it is before the move */
  row: DocumentRow;
  /** the document as the domain rules read it (lines included) */
  doc: DocumentLike;
  move: WorkflowMove;
}

export interface WorkflowDecision {
  /** keep the document in its state (a committee still waits for votes); the step is still recorded */
  stay?: boolean;
  /** another target state than the configured one */
  to?: string;
  /** the document's data as it must be written with the move (for example new assignees) */
  data?: Record<string, unknown>;
  /** the approval record of the timeline entry (who decided, on whose behalf, what is missing) */
  approval?: unknown;
  /** the effect notifies on its own: the engine's default notification of the move is skipped */
  notified?: boolean;
}

/** What the engine tells `after`: where the document went and with which data. */
export interface WorkflowOutcome {
  to: string;
  stayed: boolean;
  data: Record<string, unknown>;
}

export interface WorkflowEffect {
  /** a short name, for logs and tests */
  name: string;
  /** the moves this effect concerns (model name, action, states) */
  applies(model: ModelConfig, move: WorkflowMove): boolean;
  before?(ctx: WorkflowEffectContext): Promise<WorkflowDecision | void>;
  /** after the move was written, same transaction: answers the live notifications to announce */
  after?(ctx: WorkflowEffectContext, outcome: WorkflowOutcome): Promise<NotificationEvent[] | void>;
}

/**
 * The effects' decisions folded in order: a later `to` wins, `stay` and `notified` are sticky,
 * approval records are kept from the last effect that gave one. Each effect writes its data from
 * the stored `base`, so only the keys it changed (or removed) count, and two effects that change
 * different keys of one move both keep their change (receiving's status icon and the ERP's `_erp`).
 */
export function foldDecisions(
  decisions: ReadonlyArray<WorkflowDecision | void>,
  base: Readonly<Record<string, unknown>> = {},
): WorkflowDecision {
  const out: WorkflowDecision = {};
  for (const d of decisions) {
    if (!d) continue;
    if (d.stay) out.stay = true;
    if (d.to !== undefined) out.to = d.to;
    if (d.data !== undefined) out.data = mergeChanges(out.data ?? { ...base }, base, d.data);
    if (d.approval !== undefined) out.approval = d.approval;
    if (d.notified) out.notified = true;
  }
  return out;
}

/** `into` with the keys `data` changed against `base`: set where they differ, removed where gone. */
function mergeChanges(
  into: Record<string, unknown>,
  base: Readonly<Record<string, unknown>>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...into };
  for (const [k, v] of Object.entries(data)) if (!Object.hasOwn(base, k) || base[k] !== v) out[k] = v;
  for (const k of Object.keys(base)) if (!Object.hasOwn(data, k)) delete out[k];
  return out;
}
