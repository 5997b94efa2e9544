/**
 * The workflow transitions a user is offered (seed 000 section 4 "Availability of transitions").
 */
import { actsAsSupplier, hasRole, isAdminLevel, isSystemUser, SYSTEM_ROLE } from '../roles/roles.ts';
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
  /** the target state, which tells apart two transitions of one name from one state */
  to?: string;
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
 * Whether the user's roles match a transition (seed 000 section 4: "the user's roles match: admin or
 * manager always; the role key; rfx-manager; or assigned"). The reading, rule by rule, in order:
 *
 * 1. no user: never;
 * 2. admin level (admin or manager): always, even where the spec refuses one of their roles;
 * 3. a refused role (`!role` in the comma list) the user holds: never, on any other path below;
 * 4. rfx-manager, on a sourcing document (`sourcing`: SOURCING_TYPES or the model's
 *    permissions.sourcing, i.e. the RFx): every transition, whatever roles it names. The seed lists
 *    rfx-manager among the ways to match, next to "the role key": read as a role key it would add
 *    nothing, so it grants what admin level grants, but only over the sourcing process the rfx
 *    manager runs. On every other document (a requisition, an order, a supplier's proposal)
 *    rfx-manager is an ordinary role key and matches only where the spec names it, so the rfx
 *    manager neither approves orders nor submits a supplier's proposal;
 * 5. 'assigned' in the spec: the user is one of the document's assignees;
 * 6. the role key: the user holds one of the spec's plain roles;
 * 7. a spec of refusals only ('!supplier'): every user not refused. An empty spec: nobody (but 2, 4).
 *
 * transitions.test.ts holds this reading as a table.
 */
export function transitionRoleMatch(
  transition: Pick<WorkflowTransition, 'roles'>,
  doc: DocumentLike,
  user: DocUser | null | undefined,
  sourcing = false,
): boolean {
  if (!user) return false;
  // 0. a step for the system role alone is the integration's (erp -> erp-done): no person, not even
  //    admin level, is offered it; the ERP worker acts as the tenant's system user
  if (isIntegrationStep(transition)) return isSystemUser(user);
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

/** A transition whose roles name only the system role: the integration moves the document, no person. */
export function isIntegrationStep(transition: Pick<WorkflowTransition, 'roles'>): boolean {
  const spec = transition.roles ?? '';
  const entries = (typeof spec === 'string' ? spec.split(',') : [...spec])
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.length === 1 && entries[0] === SYSTEM_ROLE;
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
      ...(t.to ? { to: t.to } : {}),
      label: t.label ?? t.name,
      disabled: reason !== undefined,
      ...(reason !== undefined ? { reason } : {}),
      commentRequired: commentRequired(t.name),
      permission,
    });
  }
  return out;
}
