import { describe, expect, it } from 'vitest';
import type { ApprovalLevelSpec } from '../api/contract.ts';
import type { ApprovalFacts } from './facts.ts';
import {
  delegateOf,
  planApproval,
  reseatLevel,
  seat,
  type ApprovalRuleLike,
  type DelegationSpan,
  type DirectoryPerson,
  type SeatingContext,
} from './plan.ts';

const people: DirectoryPerson[] = [
  { _id: 'ana', name: 'Ana Admin', roles: ['admin'] },
  { _id: 'miguel', name: 'Miguel Manager', roles: ['manager', 'buyer'] },
  { _id: 'marta', name: 'Marta Manager', roles: ['manager'] },
  { _id: 'diana', name: 'Diana Director', roles: ['director'] },
  { _id: 'paulo', name: 'Paulo Purchasing', roles: ['manager-purchasing'] },
  { _id: 'sofia', name: 'Sofia Supplier Mgr', roles: ['manager-supplier'] },
  { _id: 'bea', name: 'Bea Buyer', roles: ['buyer', 'requester'] },
  { _id: 'rui', name: 'Rui Requester', roles: ['requester'] },
];

const facts: ApprovalFacts = {
  subtype: 'P001',
  group: 'g1',
  plant: 'pt-lisboa',
  supplier: 's1',
  amount: '60000.00',
  currency: 'EUR',
  unspsc: [],
  lineTypes: ['material'],
};

const rule = (
  id: string,
  priority: number,
  levels: ApprovalLevelSpec[],
  extra: Partial<ApprovalRuleLike> = {},
): ApprovalRuleLike => ({
  _id: id,
  name: `Rule ${id}`,
  priority,
  enabled: true,
  conditions: {},
  levels,
  ...extra,
});

const ctx = (over: Partial<SeatingContext> = {}): SeatingContext => ({
  people,
  delegations: [],
  authors: ['bea'],
  today: '2026-07-10',
  ...over,
});

const away = (
  user: string,
  substitute: string,
  startsOn = '2026-07-01',
  endsOn = '2026-07-31',
): DelegationSpan => ({
  user,
  substitute,
  startsOn,
  endsOn,
});

const ids = (members: Array<{ _id: string }>) => members.map((m) => m._id);

describe('planApproval', () => {
  it('chains the levels of every matching rule in priority order and names the rule of each', () => {
    const plan = planApproval({
      ...ctx(),
      facts,
      rules: [
        rule('big', 20, [{ kind: 'user', user: { _id: 'diana' } }], {
          conditions: { amount: { min: '50000' } },
        }),
        rule('all', 10, [{ kind: 'role', role: 'manager-purchasing' }]),
        rule('off', 5, [{ kind: 'user', user: { _id: 'ana' } }], { enabled: false }),
        rule('madrid', 1, [{ kind: 'user', user: { _id: 'ana' } }], {
          conditions: { plants: ['es-madrid'] },
        }),
      ],
    });
    expect(plan.levels.map((l) => [l.index, l.rule._id, l.kind, ids(l.members)])).toEqual([
      [0, 'all', 'role', ['paulo']],
      [1, 'big', 'user', ['diana']],
    ]);
    expect(plan.rules).toEqual([
      { _id: 'all', name: 'Rule all', reasons: [] },
      { _id: 'big', name: 'Rule big', reasons: [{ condition: 'amount', value: '60000.00' }] },
    ]);
    expect([plan.fallback, plan.blocked]).toEqual([false, false]);
  });

  it('falls to the tenant managers when no rule matches', () => {
    const plan = planApproval({ ...ctx(), facts, rules: [] });
    expect(plan.fallback).toBe(true);
    expect(plan.levels).toEqual([
      expect.objectContaining({
        kind: 'role',
        role: 'manager',
        required: 1,
        fallback: true,
        rule: { _id: null, name: '' },
      }),
    ]);
    expect(ids(plan.levels[0]!.members)).toEqual(['marta', 'miguel']);
  });

  it.each([
    ['N of M as written', 2, ['miguel', 'diana', 'paulo'], [], 2, ['miguel', 'diana', 'paulo']],
    ['no N: everyone', undefined, ['miguel', 'diana', 'paulo'], [], 3, ['miguel', 'diana', 'paulo']],
    ['an author left out: N capped to who sits', 3, ['bea', 'diana', 'paulo'], [], 2, ['diana', 'paulo']],
    ['a delegate already seated sits once', 2, ['miguel', 'diana'], [away('miguel', 'diana')], 1, ['diana']],
  ])('committee: %s', (_name, required, members, delegations, wanted, seated) => {
    const plan = planApproval({
      ...ctx({ delegations }),
      facts,
      rules: [
        rule('c', 1, [
          { kind: 'committee', members: members.map((_id) => ({ _id })), ...(required ? { required } : {}) },
        ]),
      ],
    });
    expect(plan.levels[0]).toMatchObject({ kind: 'committee', required: wanted, fallback: false });
    expect(ids(plan.levels[0]!.members)).toEqual(seated);
  });

  it('never seats the creator or the requester; an emptied level falls to the managers, authors excluded', () => {
    const plan = planApproval({
      ...ctx({ authors: ['diana', 'miguel'] }),
      facts,
      rules: [rule('own', 1, [{ kind: 'user', user: { _id: 'diana' } }])],
    });
    expect(plan.levels[0]).toMatchObject({
      kind: 'role',
      role: 'manager',
      fallback: true,
      rule: { _id: 'own' },
    });
    expect(ids(plan.levels[0]!.members)).toEqual(['marta']);
    expect(ids(plan.levels[0]!.excluded)).toEqual(['diana', 'miguel']);
  });

  it('is blocked when even the managers are all authors', () => {
    const plan = planApproval({
      ...ctx({ authors: ['miguel', 'marta'] }),
      facts,
      rules: [rule('r', 1, [{ kind: 'user', user: { _id: 'miguel' } }])],
    });
    expect(plan.blocked).toBe(true);
    expect(plan.levels[0]).toMatchObject({ members: [], required: 0 });
  });

  it('drops people who are no longer in the tenant', () => {
    const plan = planApproval({
      ...ctx(),
      facts,
      rules: [
        rule('r', 1, [{ kind: 'committee', members: [{ _id: 'gone' }, { _id: 'diana' }], required: 2 }]),
      ],
    });
    expect(plan.levels[0]).toMatchObject({
      required: 1,
      members: [{ _id: 'diana', name: 'Diana Director' }],
    });
  });
});

describe('delegation', () => {
  it.each([
    ['before the range', '2026-06-30', undefined],
    ['on the first day', '2026-07-01', 'marta'],
    ['inside', '2026-07-15', 'marta'],
    ['on the last day', '2026-07-31', 'marta'],
    ['after the range', '2026-08-01', undefined],
  ])('%s', (_name, today, substitute) => {
    expect(delegateOf('diana', [away('diana', 'marta')], today)).toBe(substitute);
  });

  it('follows a chain and stops at a circle', () => {
    expect(delegateOf('diana', [away('diana', 'marta'), away('marta', 'paulo')], '2026-07-10')).toBe('paulo');
    expect(delegateOf('diana', [away('diana', 'marta'), away('marta', 'diana')], '2026-07-10')).toBe('marta');
  });

  it('seats the substitute on behalf of the delegator, unless the substitute is an author', () => {
    expect(seat(['diana'], ctx({ delegations: [away('diana', 'marta')] })).members).toEqual([
      { _id: 'marta', name: 'Marta Manager', onBehalfOf: { _id: 'diana', name: 'Diana Director' } },
    ]);
    const byAuthor = seat(['diana'], ctx({ delegations: [away('diana', 'bea')] }));
    expect(byAuthor).toEqual({ members: [], excluded: [{ _id: 'diana', name: 'Diana Director' }] });
  });

  it('seats a later level anew on the day it becomes current', () => {
    const planned = planApproval({
      ...ctx(),
      facts,
      rules: [rule('r', 1, [{ kind: 'user', user: { _id: 'diana' } }])],
    });
    const later = reseatLevel(
      planned.levels[0]!,
      ctx({ delegations: [away('diana', 'paulo', '2026-07-20')], today: '2026-07-21' }),
    );
    expect(later.members).toEqual([
      { _id: 'paulo', name: 'Paulo Purchasing', onBehalfOf: { _id: 'diana', name: 'Diana Director' } },
    ]);
    // and a substitute back from the range gives the seat back to its owner
    expect(reseatLevel(later, ctx({ today: '2026-08-02' })).members).toEqual([
      { _id: 'diana', name: 'Diana Director' },
    ]);
  });
});
