/**
 * The reachability walk of a model's workflow: from the start state, which states can a document
 * reach when every role plays its part, and which workflow actions does it take on the way. It asks
 * the same rules the server decides moves with (availableTransitions, editVerdict, deleteVerdict,
 * documentActions), so a state is reachable here exactly when some user of some role can bring a
 * document there through the API.
 *
 * The moves a document makes besides configured transitions: a save in 'created' makes it
 * 'updated', delete sends it to 'deleted', reopen brings a closed or archived one back to 'updated'.
 * Moves a feature makes on its own (a workflow effect choosing another target) are not walked: the
 * configured target is the one the walk follows.
 */
import { ROLE_KEYS, isSupplier } from '../roles/roles.ts';
import { documentActions, deleteVerdict, editVerdict } from '../documents/permissions.ts';
import { initialState, WORKFLOW_ACTIONS, workflowOf } from '../documents/states.ts';
import { availableTransitions } from '../documents/transitions.ts';
import type { DocumentLike, DocUser, ModelRules } from '../documents/types.ts';

/** How a document moves on the walk: a workflow action, or a save, delete or reopen. */
export interface WalkMove {
  action: string;
  from: string;
  to: string;
  /** the role that can make the move */
  role: string;
}

/** A model as the walk reads it: its rules and its subtypes. */
export type WalkModel = ModelRules & { subtypes?: ReadonlyArray<{ key: string }> };

export interface WalkResult {
  model: string;
  /** the subtype walked (null: the model has none) */
  subtype: string | null;
  start: string;
  /** every reachable state with the moves that first reach it from the start */
  paths: ReadonlyMap<string, ReadonlyArray<WalkMove>>;
  /** configured states no role can bring a document to */
  unreachable: string[];
  /** reached states the workflow does not configure (a save into 'updated' of a workflow without it) */
  undeclared: string[];
  /** the workflow actions some role can take in a reachable state */
  actions: string[];
  /** configured transitions from a reachable state that nobody is ever offered enabled */
  neverOffered: string[];
  /** two transitions of one name and one target leave one state: a workflow call cannot tell them apart */
  ambiguous: string[];
  /** transitions without a target state */
  targetless: string[];
}

export interface WalkOptions {
  subtype?: string | null;
  /** the roles that act (default: every role key) */
  roles?: ReadonlyArray<string>;
  /** the time of the walk (the reopen limit reads it) */
  now?: Date;
}

const WALKER = 'walker';
const WALKER_SUPPLIER = 'walker-supplier';

/**
 * One user of the role, involved in the document in every way a rule asks for: its requester, one
 * of its assignees, of its supplier's company when the role is a supplier role.
 */
function actor(role: string): DocUser {
  const user: DocUser = { _id: WALKER, role: { key: role }, roles: [{ key: role }], groups: [] };
  return isSupplier(user) ? { ...user, supplier: { _id: WALKER_SUPPLIER } } : user;
}

function documentIn(model: WalkModel, subtype: string | null, state: string, now: Date): DocumentLike {
  return {
    _id: 'walk',
    key: null,
    doc: { type: model.name, subtype },
    _state: { current: state, created: { ts: now.toISOString() } },
    supplier: { _id: WALKER_SUPPLIER },
    requester: { _id: WALKER },
    assignees: [{ _id: WALKER }],
    lines: [],
  };
}

/** The moves every role can make from `state`. */
function movesFrom(
  model: WalkModel,
  subtype: string | null,
  state: string,
  roles: ReadonlyArray<string>,
  now: Date,
) {
  const workflow = workflowOf(model);
  const doc = documentIn(model, subtype, state, now);
  const moves: WalkMove[] = [];
  for (const role of roles) {
    const user = actor(role);
    for (const offer of availableTransitions(doc, workflow, user, now, { model })) {
      if (offer.disabled) continue;
      // an offer names its target when the workflow has one: two transitions of a name may leave a state
      const t = workflow.transitions.find(
        (c) => c.name === offer.name && c.from.includes(state) && (!offer.to || c.to === offer.to),
      );
      if (t?.to) moves.push({ action: offer.name, from: state, to: t.to, role });
    }
    if (state === 'created' && editVerdict(doc, model, user).allowed)
      moves.push({ action: 'save', from: state, to: 'updated', role });
    if (deleteVerdict(doc, model, user).allowed)
      moves.push({ action: 'delete', from: state, to: 'deleted', role });
    const reopen = documentActions(doc, model, user, now).find((a) => a.name === 'reopen');
    if (reopen && !reopen.disabled) moves.push({ action: 'reopen', from: state, to: 'updated', role });
  }
  return moves;
}

/** Walks one model (and subtype) breadth first from its start state. */
export function walkWorkflow(model: WalkModel, options: WalkOptions = {}): WalkResult {
  const workflow = workflowOf(model);
  const subtype = options.subtype ?? null;
  const roles = options.roles ?? ROLE_KEYS;
  const now = options.now ?? new Date();
  const start = initialState(workflow);
  const paths = new Map<string, WalkMove[]>([[start, []]]);
  const actions = new Set<string>();
  const offered = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const state = queue.shift()!;
    for (const move of movesFrom(model, subtype, state, roles, now)) {
      if ((WORKFLOW_ACTIONS as readonly string[]).includes(move.action)) {
        actions.add(move.action);
        offered.add(`${move.action}@${state}`);
      }
      if (paths.has(move.to)) continue;
      paths.set(move.to, [...paths.get(state)!, move]);
      queue.push(move.to);
    }
  }
  const configured = workflow.states.map((s) => s.name);
  const seen = new Set<string>();
  const ambiguous = new Set<string>();
  const neverOffered: string[] = [];
  const targetless: string[] = [];
  for (const t of workflow.transitions) {
    if (!t.to) targetless.push(`${t.name} from ${t.from.join(', ')}`);
    for (const from of t.from) {
      const id = `${t.name}@${from}`;
      // the call names the action and, when two share a name, the target state (WorkflowRequest.to)
      const exact = `${id}>${t.to ?? ''}`;
      if (seen.has(exact)) ambiguous.add(`${t.name} from ${from}`);
      seen.add(exact);
      if (paths.has(from) && !offered.has(id)) neverOffered.push(`${t.name} from ${from}`);
    }
  }
  return {
    model: model.name,
    subtype,
    start,
    paths,
    unreachable: configured.filter((s) => !paths.has(s)),
    undeclared: [...paths.keys()].filter((s) => !configured.includes(s)),
    actions: [...actions].sort(),
    neverOffered,
    ambiguous: [...ambiguous],
    targetless,
  };
}

/** Walks every model, once per subtype (once when it has none). */
export function walkModels(models: ReadonlyArray<WalkModel>, options: Omit<WalkOptions, 'subtype'> = {}) {
  return models.flatMap((model) =>
    (model.subtypes?.length ? model.subtypes.map((s) => s.key) : [null]).map((subtype) =>
      walkWorkflow(model, { ...options, subtype }),
    ),
  );
}

/**
 * What a set of shipped models leaves out, one line per finding: states no role reaches, seed
 * actions no reachable state offers, configured transitions nobody is offered, reached states the
 * workflow does not configure, transitions a workflow call cannot tell apart or that lead nowhere.
 * A finding of every subtype of a model is one line. Empty when the workflows are complete.
 */
export function workflowGaps(models: ReadonlyArray<WalkModel>, options: Omit<WalkOptions, 'subtype'> = {}) {
  const results = walkModels(models, options);
  const byName = new Map(models.map((m) => [m.name, m]));
  // each finding of a model with the subtypes it holds for
  const found = new Map<string, { model: WalkModel; text: string; subtypes: Array<string | null> }>();
  const note = (model: WalkModel, subtype: string | null, text: string) => {
    const key = JSON.stringify([model.name, text]);
    const entry = found.get(key) ?? { model, text, subtypes: [] };
    entry.subtypes.push(subtype);
    found.set(key, entry);
  };
  for (const r of results) {
    const model = byName.get(r.model)!;
    for (const s of r.unreachable) note(model, r.subtype, `state '${s}' is unreachable from '${r.start}'`);
    for (const s of r.undeclared)
      note(model, r.subtype, `reaches state '${s}', which the workflow does not configure`);
    for (const t of r.neverOffered) note(model, r.subtype, `transition '${t}' is offered to nobody`);
    for (const t of r.ambiguous) note(model, r.subtype, `two transitions '${t}'`);
    for (const t of r.targetless) note(model, r.subtype, `transition '${t}' names no target state`);
  }
  const gaps: string[] = [];
  for (const { model, text, subtypes } of found.values()) {
    const all = model.subtypes?.length ?? 0;
    const who =
      subtypes[0] === null
        ? model.name
        : subtypes.length === all
          ? `${model.name} (every subtype)`
          : `${model.name} ${subtypes.join(', ')}`;
    gaps.push(`${who}: ${text}`);
  }
  const used = new Set(results.flatMap((r) => r.actions));
  for (const a of WORKFLOW_ACTIONS)
    if (!used.has(a)) gaps.push(`action '${a}' is offered in no reachable state of any shipped workflow`);
  return gaps;
}
