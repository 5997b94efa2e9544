import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApprovalConditions, ApprovalRuleRequest } from '../api/contract.ts';
import type { DocumentLike } from '../documents/types.ts';
import { approvalFacts, matchConditions, needsUnspsc, type ApprovalFacts } from './facts.ts';
import { approvalRuleErrors, delegationErrors, APPROVAL_RULE_MESSAGES } from './validate.ts';

const line = (price: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  item: 'MAT-1',
  quantity,
  price,
  ...extra,
});

const order = (extra: DocumentLike = {}): DocumentLike => ({
  doc: { type: 'order', subtype: 'P001' },
  group: { _id: 'g-lisboa', name: 'Purchasing Lisboa' },
  plant: 'pt-lisboa',
  supplier: { _id: 's-alfa', name: 'Alfa' },
  currency: 'EUR',
  lines: [line('100', 10), line('50', 2, { type: 'service', unspsc: '80111600' })],
  ...extra,
});

describe('approvalFacts', () => {
  it('reads the header, computes the net value from the lines and lists line types and codes', () => {
    expect(approvalFacts(order())).toEqual({
      subtype: 'P001',
      group: 'g-lisboa',
      plant: 'pt-lisboa',
      supplier: 's-alfa',
      amount: '1100.00',
      currency: 'EUR',
      unspsc: ['80111600'],
      lineTypes: ['material', 'service'],
    });
  });

  it.each([
    ['the company currency', { currency: 'EUR' }, {}, '1100.00'],
    [
      'the document exchange rate, which wins over the table',
      { currency: 'USD', exchangeRate: '0.5' },
      { USD: '0.9' },
      '550.00',
    ],
    ['the rate table', { currency: 'USD' }, { USD: '0.92' }, '1012.00'],
    ['no rate known: unknown amount', { currency: 'JPY' }, { USD: '0.92' }, null],
  ] as const)('converts with %s', (_what, header, rates, amount) => {
    expect(approvalFacts(order(header as DocumentLike), { rates }).amount).toBe(amount);
  });

  it('nets discounts and costs out of the amount in decimals (never floats)', () => {
    const doc = order({
      lines: [line('0.1', 3, { priceInfo: [{ condition: 'RB00', value: '0.1' }] }), line('0.2', 1)],
    });
    // 0.1 × 3 = 0.30, minus 0.10, plus 0.20
    expect(approvalFacts(doc).amount).toBe('0.40');
  });

  it('asks the catalogue for the code of a line that carries none', () => {
    const facts = approvalFacts(order({ lines: [line('1', 1, { item: 'MAT-2040' })] }), {
      unspscOf: (l) => (l.item === 'MAT-2040' ? '40151500' : null),
    });
    expect(facts.unspsc).toEqual(['40151500']);
  });
});

const facts = (over: Partial<ApprovalFacts> = {}): ApprovalFacts => ({
  subtype: 'P001',
  group: 'g1',
  plant: 'pt-lisboa',
  supplier: 's1',
  amount: '12000.00',
  currency: 'EUR',
  unspsc: ['40142300', '80111600'],
  lineTypes: ['material', 'service'],
  ...over,
});

describe('matchConditions', () => {
  const cases: Array<[string, ApprovalConditions, Partial<ApprovalFacts>, boolean]> = [
    ['no condition matches everything', {}, {}, true],
    ['subtype listed', { subtypes: ['P001', 'P002'] }, {}, true],
    ['subtype not listed', { subtypes: ['P002'] }, {}, false],
    [
      'a document without subtype never meets a subtype list',
      { subtypes: ['P001'] },
      { subtype: null },
      false,
    ],
    ['group listed', { groups: ['g1'] }, {}, true],
    ['group not listed', { groups: ['g2'] }, {}, false],
    ['plant listed', { plants: ['pt-lisboa'] }, {}, true],
    ['plant not listed', { plants: ['es-madrid'] }, {}, false],
    ['supplier listed', { suppliers: [{ _id: 's1', name: 'Alfa' }] }, {}, true],
    ['supplier not listed', { suppliers: [{ _id: 's2' }] }, {}, false],
    ['amount at the lower bound (inclusive)', { amount: { min: '12000' } }, {}, true],
    ['amount just under the lower bound', { amount: { min: '12000.01' } }, {}, false],
    ['amount at the upper bound (exclusive)', { amount: { max: '12000' } }, {}, false],
    ['amount inside a tier', { amount: { min: '10000', max: '50000' } }, {}, true],
    ['amount above a tier', { amount: { min: '0', max: '10000' } }, {}, false],
    ['an unconvertible amount meets every tier', { amount: { max: '1' } }, { amount: null }, true],
    ['UNSPSC segment prefix', { unspsc: ['40'] }, {}, true],
    ['UNSPSC commodity', { unspsc: ['80111600'] }, {}, true],
    ['UNSPSC not present', { unspsc: ['43'] }, {}, false],
    ['line type present', { lineTypes: ['service'] }, {}, true],
    ['line type absent', { lineTypes: ['tax'] }, {}, false],
    ['every condition must hold', { subtypes: ['P001'], plants: ['es-madrid'] }, {}, false],
    ['empty lists are no condition', { subtypes: [], groups: [], unspsc: [] }, {}, true],
  ];
  it.each(cases)('%s', (_name, conditions, over, matched) => {
    expect(matchConditions(conditions, facts(over)).matched).toBe(matched);
  });

  it('names the conditions that held and the values that met them', () => {
    const m = matchConditions(
      { subtypes: ['P001'], amount: { min: '10000' }, unspsc: ['8011'], lineTypes: ['service'] },
      facts(),
    );
    expect(m.reasons).toEqual([
      { condition: 'subtypes', value: 'P001' },
      { condition: 'amount', value: '12000.00' },
      { condition: 'unspsc', value: '80111600' },
      { condition: 'lineTypes', value: 'service' },
    ]);
  });

  it('matches an amount tier exactly as decimal comparison does (property)', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000_00 });
    fc.assert(
      fc.property(cents, cents, cents, (a, lo, hi) => {
        const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        const m = matchConditions({ amount: { min: text(lo), max: text(hi) } }, facts({ amount: text(a) }));
        expect(m.matched).toBe(a >= lo && a < hi);
      }),
    );
  });

  it('looks items up only when an enabled rule reads UNSPSC codes', () => {
    expect(needsUnspsc([{ enabled: true, conditions: { subtypes: ['P001'] } }])).toBe(false);
    expect(needsUnspsc([{ enabled: false, conditions: { unspsc: ['40'] } }])).toBe(false);
    expect(needsUnspsc([{ enabled: true, conditions: { unspsc: ['40'] } }])).toBe(true);
  });
});

describe('approvalRuleErrors and delegationErrors', () => {
  const rule = (levels: ApprovalRuleRequest['levels'], extra: Partial<ApprovalRuleRequest> = {}) =>
    ({
      model: 'order',
      name: 'R',
      priority: 10,
      conditions: {},
      levels,
      enabled: true,
      ...extra,
    }) as ApprovalRuleRequest;
  const u = (id: string) => ({ _id: id, name: id });
  it.each([
    [
      'a user level without a user',
      [{ kind: 'user' as const }],
      'levels.0.user',
      APPROVAL_RULE_MESSAGES.user,
    ],
    [
      'a role level without a role',
      [{ kind: 'role' as const, role: ' ' }],
      'levels.0.role',
      APPROVAL_RULE_MESSAGES.role,
    ],
    [
      'an empty committee',
      [{ kind: 'committee' as const, members: [] }],
      'levels.0.members',
      APPROVAL_RULE_MESSAGES.members,
    ],
    [
      'a committee needing more than it has',
      [{ kind: 'committee' as const, members: [u('a'), u('b')], required: 3 }],
      'levels.0.required',
      APPROVAL_RULE_MESSAGES.required,
    ],
    [
      'a member listed twice',
      [{ kind: 'committee' as const, members: [u('a'), u('a')], required: 1 }],
      'levels.0.members',
      APPROVAL_RULE_MESSAGES.duplicateMember,
    ],
    [
      'a role on a user level',
      [{ kind: 'user' as const, user: u('a'), role: 'buyer' }],
      'levels.0.role',
      APPROVAL_RULE_MESSAGES.extra,
    ],
  ])('refuses %s', (_name, levels, field, message) => {
    expect(approvalRuleErrors(rule(levels))).toContainEqual({ field, message });
  });

  it('accepts each level kind and refuses tiers out of order', () => {
    const ok = rule([
      { kind: 'user', user: u('a') },
      { kind: 'role', role: 'director' },
      { kind: 'committee', members: [u('a'), u('b'), u('c')], required: 2 },
    ]);
    expect(approvalRuleErrors(ok)).toEqual([]);
    expect(approvalRuleErrors({ ...ok, conditions: { amount: { min: '500', max: '500' } } })).toEqual([
      { field: 'conditions.amount.max', message: APPROVAL_RULE_MESSAGES.tiers },
    ]);
  });

  it.each([
    ['a good range', { startsOn: '2026-07-01', endsOn: '2026-07-15' }, 'b', []],
    ['a one-day range', { startsOn: '2026-07-01', endsOn: '2026-07-01' }, 'b', []],
    ['a range ending before it starts', { startsOn: '2026-07-15', endsOn: '2026-07-01' }, 'b', ['endsOn']],
    ['a day that does not exist', { startsOn: '2026-02-30', endsOn: '2026-03-01' }, 'b', ['startsOn']],
    ['oneself as substitute', { startsOn: '2026-07-01', endsOn: '2026-07-02' }, 'me', ['substitute']],
  ])('delegation: %s', (_name, range, substitute, fields) => {
    const errors = delegationErrors('me', { ...range, substitute: { _id: substitute } });
    expect(errors.map((e) => e.field)).toEqual(fields);
  });
});
