import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  mergeTimeline,
  messageAudience,
  supplierTimeline,
  timelineSteps,
  type AudienceMessage,
  type TimelineMessage,
} from './timeline.ts';
import type { Workflow } from './types.ts';

const wf: Workflow = {
  states: [
    { index: 0, label: 'Created', name: 'created' },
    { index: 1, label: 'Updated', name: 'updated', optional: true },
    { index: 2, label: 'Approval', name: 'approval' },
    { index: 3, label: 'Approved', name: 'approved' },
    { index: 4, label: 'Rejected', name: 'rejected', back: true },
    { index: 8, label: 'Erp done', name: 'erp-done', lock: true },
    { index: 11, label: 'Archived', name: 'archived', hidden: true },
    { index: 12, label: 'Deleted', name: 'deleted', optional: true, hidden: true },
  ],
  transitions: [],
};
const statuses = (state: string) => timelineSteps(wf, state).map((s) => `${s.name}:${s.status}`);

describe('timelineSteps', () => {
  it('lists non-optional, non-hidden, non-back states by index', () => {
    expect(timelineSteps(wf, 'created').map((s) => s.name)).toEqual([
      'created',
      'approval',
      'approved',
      'erp-done',
    ]);
    const shuffled = { ...wf, states: [...wf.states].reverse() };
    expect(timelineSteps(shuffled, 'created').map((s) => s.name)).toEqual([
      'created',
      'approval',
      'approved',
      'erp-done',
    ]);
  });
  it('completed before, active at, future after the current state', () => {
    expect(statuses('approval')).toEqual([
      'created:completed',
      'approval:active',
      'approved:future',
      'erp-done:future',
    ]);
    expect(statuses('erp-done')).toEqual([
      'created:completed',
      'approval:completed',
      'approved:completed',
      'erp-done:active',
    ]);
  });
  it('optional or hidden current states complete the earlier steps', () => {
    expect(statuses('updated')).toEqual([
      'created:completed',
      'approval:future',
      'approved:future',
      'erp-done:future',
    ]);
    expect(statuses('archived')).toEqual([
      'created:completed',
      'approval:completed',
      'approved:completed',
      'erp-done:completed',
    ]);
  });
  it('back states return to the first step; deleted and unknown show no progress', () => {
    expect(statuses('rejected')).toEqual([
      'created:active',
      'approval:future',
      'approved:future',
      'erp-done:future',
    ]);
    expect(statuses('deleted').every((s) => s.endsWith(':future'))).toBe(true);
    expect(statuses('nope').every((s) => s.endsWith(':future'))).toBe(true);
    expect(timelineSteps(wf, null).every((s) => s.status === 'future')).toBe(true);
  });
  it('property: at most one active step; completed steps precede it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...wf.states.map((s) => s.name)), (state) => {
        const steps = timelineSteps(wf, state);
        expect(steps.filter((s) => s.status === 'active').length).toBeLessThanOrEqual(1);
        const firstNotDone = steps.findIndex((s) => s.status !== 'completed');
        if (firstNotDone >= 0)
          expect(steps.slice(firstNotDone).every((s) => s.status !== 'completed')).toBe(true);
      }),
    );
  });
});

describe('mergeTimeline', () => {
  const m = (user: string | null, state: string, text = ''): TimelineMessage => ({
    user: user === null ? null : { _id: user, name: user },
    state,
    text,
    ts: '2025-01-01',
  });
  it('merges consecutive entries by the same user in the same state', () => {
    const out = mergeTimeline([
      m('a', 'created', '1'),
      m('a', 'created', '2'),
      m('a', 'updated'),
      m('b', 'updated'),
      m('b', 'updated'),
      m('a', 'updated'),
    ]);
    expect(
      out.map((e) => [e.user && typeof e.user === 'object' ? e.user._id : e.user, e.state, e.count]),
    ).toEqual([
      ['a', 'created', 2],
      ['a', 'updated', 1],
      ['b', 'updated', 2],
      ['a', 'updated', 1],
    ]);
    expect(out[0]!.text).toBe('1');
    expect(out[0]!.entries.map((e) => e.text)).toEqual(['1', '2']);
  });
  it('string and object users compare by id; messages without a user are not merged', () => {
    expect(
      mergeTimeline([
        { user: 'a', state: 's' },
        { user: { _id: 'a' }, state: 's' },
      ]),
    ).toHaveLength(1);
    expect(mergeTimeline([m(null, 's'), m(null, 's')])).toHaveLength(2);
  });
  it('does not merge when the workflow repeats', () => {
    const out = mergeTimeline([m('a', 'created'), m('a', 'created')], { repeats: true });
    expect(out.map((e) => e.count)).toEqual([1, 1]);
  });
  it('property: counts add up and no two neighbours could merge', () => {
    const arb = fc.array(fc.record({ user: fc.constantFrom('a', 'b'), state: fc.constantFrom('x', 'y') }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(arb, fc.boolean(), (msgs, repeats) => {
        const out = mergeTimeline(msgs, { repeats });
        expect(out.reduce((n, e) => n + e.count, 0)).toBe(msgs.length);
        if (repeats) expect(out).toHaveLength(msgs.length);
        else
          for (let i = 1; i < out.length; i++)
            expect(out[i]!.user === out[i - 1]!.user && out[i]!.state === out[i - 1]!.state).toBe(false);
      }),
    );
  });
});

describe('supplier audience of the timeline', () => {
  const msg = (over: Partial<AudienceMessage>): AudienceMessage => ({
    state: 'approval',
    user: { _id: 'u-buyer', name: 'Bea Buyer' },
    text: 'internal note',
    tracking: null,
    approval: null,
    audience: 'internal',
    authorSupplier: null,
    ...over,
  });
  const visible = (s: string) => ['erp-done', 'completed'].includes(s);

  it('drops internal comments and internal steps into states the supplier does not see', () => {
    const out = supplierTimeline(
      [
        msg({ text: 'price too high, ask manager' }),
        msg({ tracking: { action: 'approve', from: 'approval', to: 'approved' }, text: 'ok' }),
      ],
      'S1',
      visible,
    );
    expect(out).toEqual([]);
  });

  it('keeps internal steps into visible states as a bare change of state', () => {
    const [m] = supplierTimeline(
      [msg({ state: 'erp-done', tracking: { action: 'workflow', from: 'erp', to: 'erp-done' }, text: 'x' })],
      'S1',
      visible,
    );
    expect(m).toMatchObject({ user: null, text: null, tracking: { to: 'erp-done' } });
  });

  it('shows messages addressed to the supplier without the staff name, and its own as they are', () => {
    const own = msg({
      user: { _id: 'u-sup', name: 'Sam Supplier' },
      authorSupplier: 'S1',
      audience: 'supplier',
    });
    const other = msg({ user: { _id: 'u-s2', name: 'Other' }, authorSupplier: 'S2', audience: 'supplier' });
    const out = supplierTimeline(
      [msg({ audience: 'supplier', text: 'please confirm' }), own, other],
      'S1',
      visible,
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ user: null, text: 'please confirm' });
    expect(out[1]).toBe(own);
  });

  it('addresses a supplier message to both sides, an internal one only when asked', () => {
    expect(messageAudience(true, 'internal')).toBe('supplier');
    expect(messageAudience(false, undefined)).toBe('internal');
    expect(messageAudience(false, 'supplier')).toBe('supplier');
  });
});
