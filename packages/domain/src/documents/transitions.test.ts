import { describe, expect, it } from 'vitest';
import { availableTransitions, REASONS, transitionRoleMatch } from './transitions.ts';
import { COMMENT_REQUIRED_ACTIONS, commentRequired, WORKFLOW_ACTIONS } from './states.ts';
import type { DocumentLike, DocUser, ModelRules, Workflow } from './types.ts';

/**
 * The reading of seed 000 section 4 "the user's roles match: admin or manager always; the role key;
 * rfx-manager; or assigned" (transitionRoleMatch), as a table: one row per case, so a change of
 * reading shows as a changed row.
 */

const user = (keys: string, extra: Partial<DocUser> = {}): DocUser => {
  const list = keys.split(',').filter(Boolean);
  return { _id: 'u1', role: { key: list[0] ?? '' }, roles: list.map((key) => ({ key })), ...extra };
};
const doc = (type: string, state: string, extra: DocumentLike = {}): DocumentLike => ({
  _id: 'd1',
  doc: { type, subtype: null },
  _state: { current: state, created: { ts: '2026-01-01T00:00:00Z' } },
  ...extra,
});
const NOW = '2026-03-01T00:00:00Z';

type Row = [
  description: string,
  roles: string | string[],
  user: string,
  sourcing: boolean,
  assigned: boolean,
  matches: boolean,
];

const TABLE: Row[] = [
  ['admin matches any spec', 'buyer', 'admin', false, false, true],
  ['manager matches any spec', 'supplier', 'manager', false, false, true],
  ['admin matches an empty spec', '', 'admin', false, false, true],
  ['admin matches past a refusal of its role', '!admin', 'admin', false, false, true],
  [
    'manager matches past a refusal of another role it holds',
    'buyer,!director',
    'manager,director',
    false,
    false,
    true,
  ],
  ['the role key', 'buyer', 'buyer', false, false, true],
  ['one key of a comma list', 'requester,buyer', 'buyer', false, false, true],
  ['one key of an array spec', ['auditor', 'buyer'], 'buyer', false, false, true],
  ['spaces around keys', ' requester , buyer ', 'buyer', false, false, true],
  ['an extra role counts', 'director', 'buyer,director', false, false, true],
  ['another role key does not match', 'buyer', 'requester', false, false, false],
  ['an empty spec matches nobody else', '', 'buyer', false, false, false],
  ['a refused role blocks', 'buyer,!auditor', 'buyer,auditor', false, false, false],
  ['refusals only: everyone not refused', '!supplier', 'buyer', false, false, true],
  ['refusals only: the refused role', '!supplier', 'supplier', false, false, false],
  ['assigned: a listed assignee', 'assigned', 'requester', false, true, true],
  ['assigned: not listed', 'assigned', 'requester', false, false, false],
  ['assigned next to a role key: the key still matches', 'buyer,assigned', 'buyer', false, false, true],
  ['assigned does not pass a refusal', 'assigned,!requester', 'requester', false, true, false],
  ['rfx-manager on a sourcing document: any spec', 'buyer', 'rfx-manager', true, false, true],
  ['rfx-manager on a sourcing document: an empty spec', '', 'rfx-manager', true, false, true],
  ['rfx-manager on a sourcing document: a supplier step', 'supplier', 'rfx-manager', true, false, true],
  ['rfx-manager refused by name, even on sourcing', 'buyer,!rfx-manager', 'rfx-manager', true, false, false],
  ['rfx-manager elsewhere: only where named', 'buyer', 'rfx-manager', false, false, false],
  ['rfx-manager elsewhere: named as a role key', 'buyer,rfx-manager', 'rfx-manager', false, false, true],
  ['a buyer on a sourcing document: only its key', 'rfx-manager', 'buyer', true, false, false],
  ['a supplier on a sourcing document: not an rfx manager', 'buyer', 'supplier', true, false, false],
];

describe('transitionRoleMatch: the reading of "admin or manager always; the role key; rfx-manager; or assigned"', () => {
  it.each(TABLE)('%s', (_d, roles, keys, sourcing, assigned, matches) => {
    const d = doc(
      sourcing ? 'purchase-rfx' : 'order',
      'created',
      assigned ? { assignees: [{ _id: 'u1' }] } : {},
    );
    expect(transitionRoleMatch({ roles }, d, user(keys), sourcing)).toBe(matches);
  });

  it('no user never matches', () => {
    expect(transitionRoleMatch({ roles: '!supplier' }, doc('order', 'created'), null)).toBe(false);
    expect(transitionRoleMatch({ roles: 'buyer' }, doc('purchase-rfx', 'created'), undefined, true)).toBe(
      false,
    );
  });
});

const workflow: Workflow = {
  states: [
    { index: 0, label: 'Created', name: 'created' },
    { index: 1, label: 'Proposal', name: 'proposal' },
    { index: 2, label: 'First inspection', name: 'first-inspection' },
  ],
  transitions: [
    { name: 'workflow', from: ['created'], to: 'proposal', roles: 'buyer' },
    { name: 'return-buyer', from: ['first-inspection'], to: 'proposal', roles: 'buyer' },
    { name: 'return-to-inspection', from: ['proposal'], to: 'first-inspection', roles: 'buyer' },
  ],
};
const rfxModel: ModelRules = { name: 'purchase-rfx', workflow, readonly: [] };
const requisitionModel: ModelRules = { name: 'requisition', workflow, readonly: [] };
const flaggedModel: ModelRules = { name: 'tender', workflow, readonly: [], permissions: { sourcing: true } };

describe('availableTransitions with the rfx-manager reading', () => {
  const offered = (model: ModelRules, state: string, keys: string) =>
    availableTransitions(doc(model.name, state), workflow, user(keys), NOW, { model }).map((t) => t.name);

  it.each([
    ['purchase-rfx', rfxModel, 'created', 'rfx-manager', ['workflow']],
    ['purchase-rfx', rfxModel, 'first-inspection', 'rfx-manager', ['return-buyer']],
    ['a model flagged sourcing', flaggedModel, 'created', 'rfx-manager', ['workflow']],
    ['requisition', requisitionModel, 'created', 'rfx-manager', []],
    ['purchase-rfx', rfxModel, 'created', 'requester', []],
    ['purchase-rfx', rfxModel, 'created', 'buyer', ['workflow']],
  ] as const)('%s in %s as %s', (_n, model, state, keys, expected) => {
    expect(offered(model, state, keys)).toEqual(expected);
  });

  it('return-buyer is disabled except on sourcing documents', () => {
    const on = (model: ModelRules) =>
      availableTransitions(doc(model.name, 'first-inspection'), workflow, user('buyer'), NOW, { model }).find(
        (t) => t.name === 'return-buyer',
      );
    expect(on(rfxModel)).toMatchObject({ disabled: false });
    expect(on(flaggedModel)).toMatchObject({ disabled: false });
    expect(on(requisitionModel)).toMatchObject({ disabled: true, reason: REASONS.returnBuyer });
  });
});

describe('comment-required actions (seed 000 section 4)', () => {
  const required = [
    'reject-plan',
    'reject-close-complaint',
    'reject-return',
    'submit-info',
    'negotiate',
    'reject',
    'return-to-inspection',
    'suspend-contract',
    'suspend-pep',
    'suspend-other',
    'approval-reject',
    'reject-request',
  ];
  it.each(WORKFLOW_ACTIONS.map((a) => [a, required.includes(a)] as const))('%s: %s', (action, expected) => {
    expect(commentRequired(action)).toBe(expected);
  });
  it('every suspend-* action and the listed ones, nothing else', () => {
    expect([...COMMENT_REQUIRED_ACTIONS].sort()).toEqual([...required].sort());
    expect(commentRequired('suspend-anything')).toBe(true);
    expect(commentRequired('')).toBe(false);
    expect(commentRequired(undefined)).toBe(false);
  });
  it('an offered transition carries the flag', () => {
    const t = availableTransitions(doc('purchase-rfx', 'proposal'), workflow, user('buyer'), NOW, {
      model: rfxModel,
    });
    expect(t).toMatchObject([{ name: 'return-to-inspection', commentRequired: true }]);
  });
});
