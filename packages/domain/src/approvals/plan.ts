/**
 * Who approves a document, in which order, and why: the enabled rules of its model whose conditions
 * hold, in priority order, each adding its levels to one sequence. Each level's candidates are
 * seated: a candidate away on a delegation sits through the substitute (onBehalfOf), an author of
 * the document (creator, requester) never sits, a person sits once per level. A level nobody is left
 * on falls to the tenant's managers (the authors excluded); so does a document no rule matches.
 */
import type {
  ApprovalLevel,
  ApprovalLevelSpec,
  ApprovalMatchedRule,
  ApprovalMember,
  ApprovalConditions,
  NamedRef,
} from '../api/contract.ts';
import { APPROVAL_FALLBACK_ROLE, MAX_DELEGATION_HOPS, type ApprovalLevelKind } from './constants.ts';
import { matchConditions, type ApprovalFacts } from './facts.ts';

/** An active internal user of the tenant as the rules see them (suppliers are never candidates). */
export interface DirectoryPerson {
  _id: string;
  name: string;
  roles: ReadonlyArray<string>;
}

/** A user away from `startsOn` to `endsOn` (yyyy-MM-dd, both included), replaced by `substitute`. */
export interface DelegationSpan {
  user: string;
  substitute: string;
  startsOn: string;
  endsOn: string;
}

export interface ApprovalRuleLike {
  _id: string;
  name: string;
  priority: number;
  enabled: boolean;
  conditions: ApprovalConditions;
  levels: ReadonlyArray<ApprovalLevelSpec>;
}

/** What seating needs: the tenant's people, the delegations, the authors and the day. */
export interface SeatingContext {
  people: ReadonlyArray<DirectoryPerson>;
  delegations: ReadonlyArray<DelegationSpan>;
  /** creator and requester of the document: they never approve it */
  authors: ReadonlyArray<string>;
  /** yyyy-MM-dd: the day the level is assigned (delegations are read for it) */
  today: string;
}

export interface PlanInput extends SeatingContext {
  rules: ReadonlyArray<ApprovalRuleLike>;
  facts: ApprovalFacts;
}

export interface ApprovalPlanResult {
  rules: ApprovalMatchedRule[];
  levels: ApprovalLevel[];
  /** no rule matched */
  fallback: boolean;
  /** a level has nobody at all (even the managers are authors): submit must be refused */
  blocked: boolean;
}

/** Lower priority numbers run first; equal priorities by name, then id, so the order is stable. */
export const byPriority = (a: ApprovalRuleLike, b: ApprovalRuleLike) =>
  a.priority - b.priority || a.name.localeCompare(b.name) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The substitute `userId` is represented by on `today` (following chains, stopping at a circle). */
export function delegateOf(
  userId: string,
  delegations: ReadonlyArray<DelegationSpan>,
  today: string,
): string | undefined {
  const seen = new Set([userId]);
  let current = userId;
  for (let hop = 0; hop < MAX_DELEGATION_HOPS; hop++) {
    const away = delegations.find((d) => d.user === current && d.startsOn <= today && today <= d.endsOn);
    if (!away || seen.has(away.substitute)) break;
    seen.add(away.substitute);
    current = away.substitute;
  }
  return current === userId ? undefined : current;
}

const ref = (p: { _id: string; name: string }): NamedRef => ({ _id: p._id, name: p.name });

/**
 * Seats candidates (ids of the people, in order): each through the substitute of the day, authors
 * and people who are gone left out, everyone once.
 */
export function seat(
  candidates: ReadonlyArray<string>,
  ctx: SeatingContext,
): { members: ApprovalMember[]; excluded: NamedRef[] } {
  const byId = new Map(ctx.people.map((p) => [p._id, p]));
  const authors = new Set(ctx.authors);
  const members: ApprovalMember[] = [];
  const excluded: NamedRef[] = [];
  for (const id of candidates) {
    const person = byId.get(id);
    if (!person) continue; // no longer an active internal user of the tenant
    const subId = delegateOf(id, ctx.delegations, ctx.today);
    const substitute = subId !== undefined ? byId.get(subId) : undefined;
    const sitting = substitute ?? person;
    // the author's own substitute would approve the author's document: neither sits
    if (authors.has(person._id) || authors.has(sitting._id)) {
      if (!excluded.some((e) => e._id === person._id)) excluded.push(ref(person));
      continue;
    }
    if (members.some((m) => m._id === sitting._id)) continue;
    members.push(substitute ? { ...ref(substitute), onBehalfOf: ref(person) } : ref(person));
  }
  return { members, excluded };
}

const holders = (role: string, people: ReadonlyArray<DirectoryPerson>) =>
  people
    .filter((p) => p.roles.includes(role))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => p._id);

/** The candidates a level spec names, in order. */
function candidatesOf(spec: ApprovalLevelSpec, people: ReadonlyArray<DirectoryPerson>): string[] {
  if (spec.kind === 'user') return spec.user ? [spec.user._id] : [];
  if (spec.kind === 'role') return spec.role ? holders(spec.role, people) : [];
  return (spec.members ?? []).map((m) => m._id);
}

interface LevelShape {
  index: number;
  rule: { _id: string | null; name: string };
  kind: ApprovalLevelKind;
  role?: string;
  /** committee: how many must approve; others: one */
  wanted: number;
  candidates: ReadonlyArray<string>;
}

/**
 * A level seated for today. A committee needs `required` of its members, at most as many as sit
 * (someone left out must not make the level impossible). A level with nobody falls to the role
 * 'manager' of the tenant, authors excluded; with nobody even then, it is empty (required 0).
 */
export function seatLevel(shape: LevelShape, ctx: SeatingContext): ApprovalLevel {
  const seated = seat(shape.candidates, ctx);
  const base = { index: shape.index, rule: shape.rule, decisions: [] };
  if (seated.members.length > 0)
    return {
      ...base,
      kind: shape.kind,
      ...(shape.role ? { role: shape.role } : {}),
      required: Math.min(shape.wanted, seated.members.length),
      members: seated.members,
      fallback: false,
      excluded: seated.excluded,
    };
  const managers = seat(holders(APPROVAL_FALLBACK_ROLE, ctx.people), ctx);
  return {
    ...base,
    kind: 'role',
    role: APPROVAL_FALLBACK_ROLE,
    required: Math.min(1, managers.members.length),
    members: managers.members,
    fallback: true,
    excluded: [
      ...seated.excluded,
      ...managers.excluded.filter((e) => !seated.excluded.some((x) => x._id === e._id)),
    ],
  };
}

/**
 * The level seated again when it becomes current (a later level of a running approval): its
 * original candidates through the delegations of the day it is assigned.
 */
export function reseatLevel(level: ApprovalLevel, ctx: SeatingContext): ApprovalLevel {
  const originals = level.members.map((m) => m.onBehalfOf?._id ?? m._id);
  const seated = seatLevel(
    {
      index: level.index,
      rule: level.rule,
      kind: level.kind,
      ...(level.role ? { role: level.role } : {}),
      wanted: level.kind === 'committee' ? level.required : 1,
      candidates: originals,
    },
    ctx,
  );
  return {
    ...seated,
    excluded: [
      ...level.excluded,
      ...seated.excluded.filter((e) => !level.excluded.some((x) => x._id === e._id)),
    ],
  };
}

/** The approval plan of a document: matched rules in order, their levels seated for today. */
export function planApproval(input: PlanInput): ApprovalPlanResult {
  const matched = input.rules
    .filter((r) => r.enabled)
    .slice()
    .sort(byPriority)
    .map((rule) => ({ rule, match: matchConditions(rule.conditions, input.facts) }))
    .filter((m) => m.match.matched && m.rule.levels.length > 0);
  const shapes: LevelShape[] = [];
  for (const { rule } of matched)
    for (const spec of rule.levels) {
      const candidates = candidatesOf(spec, input.people);
      shapes.push({
        index: shapes.length,
        rule: { _id: rule._id, name: rule.name },
        kind: spec.kind,
        ...(spec.kind === 'role' && spec.role ? { role: spec.role } : {}),
        wanted: spec.kind === 'committee' ? (spec.required ?? candidates.length) : 1,
        candidates,
      });
    }
  const fallback = shapes.length === 0;
  if (fallback)
    shapes.push({
      index: 0,
      rule: { _id: null, name: '' },
      kind: 'role',
      role: APPROVAL_FALLBACK_ROLE,
      wanted: 1,
      candidates: holders(APPROVAL_FALLBACK_ROLE, input.people),
    });
  // with no rule at all the one level is the managers' by definition: flagged as the fallback
  const levels = shapes.map((s) => seatLevel(s, input)).map((l) => (fallback ? { ...l, fallback: true } : l));
  return {
    rules: matched.map(({ rule, match }) => ({ _id: rule._id, name: rule.name, reasons: match.reasons })),
    levels,
    fallback,
    blocked: levels.some((l) => l.members.length === 0),
  };
}
