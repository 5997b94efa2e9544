/**
 * The workflow transitions a user is offered (seed 000 section 4 "Availability of transitions").
 */
import { actsAsSupplier, hasRole, isAdminLevel } from '../roles/roles.ts';
import { REOPEN_LIMIT_DAYS } from '../shell/constants.ts';
import {
  DEFAULT_TRANSITION_PERMISSION,
  actionAllowed,
  includes,
  isReadOnly,
  isSourcing,
} from './read-only.ts';
import {
  KEYED_EDITABLE_SUBTYPE,
  REOPEN_STATES,
  commentRequired,
  currentState,
  documentSubtype,
  documentType,
  isAssignee,
  isKeyed,
  isOwnSupplierDocument,
} from './states.ts';
import type { DocumentLike, DocUser, Label, ModelRules, Workflow, WorkflowTransition } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- transitions

export interface OfferedTransition {
  name: string;
  label: Label;
  disabled: boolean;
  /** why the transition is disabled */
  reason?: string;
  /** the state-change dialog needs a comment */
  commentRequired: boolean;
  permission: string;
}

export const REASONS = {
  reopenLimit: `The document was created more than ${REOPEN_LIMIT_DAYS} days ago.`,
  confirmNegotiation: 'Only a buyer can confirm a document in negotiation.',
  keyedRequisition: 'The requisition is already in the ERP.',
  returnBuyer: 'Only sourcing documents can be returned to the buyer.',
} as const;

/**
 * The user matches a transition's roles: admin or manager always; a role of the spec (comma list,
 * leading ! refuses); 'assigned' when the user is one of the document's assignees; rfx-manager on
 * sourcing documents. A refused (!role) role blocks every path except admin level.
 */
export function transitionRoleMatch(
  transition: Pick<WorkflowTransition, 'roles'>,
  doc: DocumentLike,
  user: DocUser | null | undefined,
  sourcing = false,
): boolean {
  if (!user) return false;
  if (isAdminLevel(user)) return true;
  const spec = transition.roles ?? '';
  const entries = (typeof spec === 'string' ? spec.split(',') : [...spec])
    .map((s) => s.trim())
    .filter(Boolean);
  const refused = entries.filter((e) => e.startsWith('!')).map((e) => e.slice(1));
  if (refused.length > 0 && hasRole(user, refused)) return false;
  const wanted = entries.filter((e) => !e.startsWith('!'));
  if (sourcing && hasRole(user, 'rfx-manager')) return true;
  if (wanted.includes('assigned') && isAssignee(doc, user)) return true;
  const roles = wanted.filter((e) => e !== 'assigned');
  if (roles.length > 0) return hasRole(user, roles);
  return wanted.length === 0 && entries.length > 0;
}

const toMs = (t: Date | number | string | null | undefined): number =>
  t instanceof Date
    ? t.getTime()
    : typeof t === 'number'
      ? t
      : typeof t === 'string'
        ? Date.parse(t)
        : Number.NaN;

/** A closed or archived document created more than REOPEN_LIMIT_DAYS days before `now`. */
export function reopenExpired(doc: DocumentLike, now: Date | number | string): boolean {
  if (!includes(REOPEN_STATES, currentState(doc))) return false;
  const created = toMs(doc._state?.created?.ts);
  const at = toMs(now);
  if (Number.isNaN(created) || Number.isNaN(at)) return false;
  return at - created > REOPEN_LIMIT_DAYS * DAY_MS;
}

export interface TransitionOptions {
  /** the document's model: its read-only states, sourcing flag and name as type fallback */
  model?: ModelRules;
}

/**
 * The transitions offered to `user` in the document's current state, each possibly disabled:
 * - offered when `from` holds the state and the roles match (transitionRoleMatch);
 * - suppliers get transitions only on their own supplier's documents;
 * - on a read-only document only permission letters A and R remain (transitions default to A);
 * - reopen is disabled for a closed/archived document created more than 365 days ago;
 * - confirm in negotiation: enabled for buyers, disabled for everyone else (suppliers included);
 * - submit-approval is disabled for keyed requisitions of a subtype other than R002;
 * - return-buyer is disabled except on sourcing documents.
 */
export function availableTransitions(
  doc: DocumentLike,
  workflow: Workflow,
  user: DocUser | null | undefined,
  now: Date | number | string,
  options: TransitionOptions = {},
): OfferedTransition[] {
  const state = currentState(doc);
  const model = options.model;
  const readonly = isReadOnly(doc, workflow, user, { ...(model ? { model } : {}) });
  const sourcing = isSourcing(doc, model);
  const supplier = actsAsSupplier(user);
  const out: OfferedTransition[] = [];
  for (const t of workflow.transitions) {
    if (!t.from.includes(state)) continue;
    if (!transitionRoleMatch(t, doc, user, sourcing)) continue;
    if (supplier && !isOwnSupplierDocument(doc, user)) continue;
    const permission = t.permission ?? DEFAULT_TRANSITION_PERMISSION;
    if (!actionAllowed(permission, readonly)) continue;
    let reason: string | undefined;
    if (t.name === 'reopen' && reopenExpired(doc, now)) reason = REASONS.reopenLimit;
    else if (t.name === 'confirm' && state === 'negotiation' && (supplier || !hasRole(user, 'buyer')))
      reason = REASONS.confirmNegotiation;
    else if (
      t.name === 'submit-approval' &&
      documentType(doc, model) === 'requisition' &&
      isKeyed(doc.key) &&
      documentSubtype(doc) !== KEYED_EDITABLE_SUBTYPE
    )
      reason = REASONS.keyedRequisition;
    else if (t.name === 'return-buyer' && !sourcing) reason = REASONS.returnBuyer;
    out.push({
      name: t.name,
      label: t.label ?? t.name,
      disabled: reason !== undefined,
      ...(reason !== undefined ? { reason } : {}),
      commentRequired: commentRequired(t.name),
      permission,
    });
  }
  return out;
}
