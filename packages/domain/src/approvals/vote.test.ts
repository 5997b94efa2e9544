import { describe, expect, it } from 'vitest';
import type { ApprovalLevel } from '../api/contract.ts';
import {
  APPROVAL_REFUSALS,
  assigneesOf,
  castVote,
  giveOpinion,
  missingOf,
  requestOpinion,
  type ApprovalActor,
  type ApprovalProgress,
  type Decided,
  type Refusal,
} from './vote.ts';

const person = (id: string) => ({ _id: id, name: id.toUpperCase() });
const level = (
  index: number,
  members: string[],
  required = 1,
  extra: Partial<ApprovalLevel> = {},
): ApprovalLevel => ({
  index,
  rule: { _id: `r${index}`, name: `Rule ${index}` },
  kind: members.length > 1 ? 'committee' : 'user',
  required,
  members: members.map(person),
  decisions: [],
  fallback: false,
  excluded: [],
  ...extra,
});
const progress = (levels: ApprovalLevel[], current = 0): ApprovalProgress => ({
  levels,
  current,
  consultation: null,
  opinions: [],
});
const actor = (id: string, manager = false): ApprovalActor => ({ ...person(id), manager });
const TS = '2026-07-10T09:00:00.000Z';
const authors = ['bea'];

const vote = (
  p: ApprovalProgress,
  who: ApprovalActor,
  decision: 'approve' | 'reject' = 'approve',
  comment = '',
) => castVote(p, { actor: who, decision, comment, ts: TS, authors });
const ok = (r: Decided | Refusal): Decided => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};

describe('castVote', () => {
  it('counts a committee of 2 of 3, then hands over to the next level, then approves', () => {
    let p = progress([level(0, ['a', 'b', 'c'], 2), level(1, ['d'])]);
    const first = ok(vote(p, actor('a')));
    expect(first.status).toBe('waiting');
    expect(first.record).toEqual({
      decidedBy: person('a'),
      onBehalfOf: null,
      decision: 'approve',
      level: 1,
      missing: ['B', 'C'],
      required: 2,
      approvedCount: 1,
    });
    p = first.progress;
    expect(assigneesOf(p).map((a) => a._id)).toEqual(['a', 'b', 'c']);
    const second = ok(vote(p, actor('c')));
    expect(second.status).toBe('next-level');
    expect(second.record).toMatchObject({ level: 1, approvedCount: 2, missing: ['D'] });
    p = second.progress;
    expect([p.current, assigneesOf(p).map((a) => a._id)]).toEqual([1, ['d']]);
    const last = ok(vote(p, actor('d')));
    expect(last.status).toBe('approved');
    expect(last.progress).toMatchObject({ current: 2, outcome: 'approved' });
    expect([missingOf(last.progress), assigneesOf(last.progress)]).toEqual([[], []]);
  });

  it.each([
    ['an author', actor('bea', true), 'approve', '', 'approval.own-document', APPROVAL_REFUSALS.ownDocument],
    [
      'someone not on the level',
      actor('x'),
      'approve',
      '',
      'approval.not-approver',
      APPROVAL_REFUSALS.notApprover,
    ],
    [
      'a member of a later level',
      actor('d'),
      'approve',
      '',
      'approval.not-approver',
      APPROVAL_REFUSALS.notApprover,
    ],
    [
      'a reject without comment',
      actor('a'),
      'reject',
      '  ',
      'workflow.comment-required',
      APPROVAL_REFUSALS.commentRequired,
    ],
  ] as const)('refuses %s', (_name, who, decision, comment, key, message) => {
    const p = progress([level(0, ['a', 'b'], 2), level(1, ['d'])]);
    expect(vote(p, who, decision, comment)).toMatchObject({ ok: false, key, message });
  });

  it('refuses a second vote of the same member and any vote once decided', () => {
    const once = ok(vote(progress([level(0, ['a', 'b'], 2)]), actor('a')));
    expect(vote(once.progress, actor('a'))).toMatchObject({ ok: false, key: 'approval.already-decided' });
    const done = ok(vote(once.progress, actor('b')));
    expect(vote(done.progress, actor('a'))).toMatchObject({ ok: false, key: 'approval.closed' });
  });

  it('a reject is a veto: the approval ends rejected, with the comment kept', () => {
    const r = ok(
      vote(progress([level(0, ['a', 'b', 'c'], 2), level(1, ['d'])]), actor('b'), 'reject', 'Too expensive'),
    );
    expect(r.status).toBe('rejected');
    expect(r.progress.levels[0]!.decisions).toEqual([
      { user: person('b'), decision: 'reject', ts: TS, comment: 'Too expensive' },
    ]);
    expect(r.record).toMatchObject({ decision: 'reject', missing: [], approvedCount: 0 });
  });

  it('records a substitute on behalf of the delegator', () => {
    const seated = level(0, [], 1, { members: [{ ...person('s'), onBehalfOf: person('d') }] });
    const r = ok(vote(progress([seated]), actor('s')));
    expect(r.record).toMatchObject({ decidedBy: person('s'), onBehalfOf: person('d') });
    expect(r.progress.levels[0]!.decisions[0]).toMatchObject({ onBehalfOf: person('d') });
  });

  it("keeps the manager's right to act: a manager outside the level decides the whole approval, recorded as such", () => {
    const r = ok(vote(progress([level(0, ['a', 'b'], 2), level(1, ['d'])]), actor('m', true)));
    expect(r.status).toBe('approved');
    expect(r.record).toMatchObject({ asManager: true, level: 1, missing: [] });
    expect(r.progress.levels[0]!.decisions[0]).toMatchObject({ asManager: true });
    // a manager who sits on the level votes like every member
    const member = ok(vote(progress([level(0, ['m', 'b'], 2)]), actor('m', true)));
    expect(member.status).toBe('waiting');
    expect(member.record.asManager).toBeUndefined();
  });

  it('seats the next level anew when it becomes current', () => {
    const r = ok(
      castVote(progress([level(0, ['a']), level(1, ['d'])]), {
        actor: actor('a'),
        decision: 'approve',
        comment: '',
        ts: TS,
        authors,
        reseat: (l) => ({ ...l, members: [{ ...person('s'), onBehalfOf: person('d') }] }),
      }),
    );
    expect(r.record.missing).toEqual(['S']);
    expect(assigneesOf(r.progress)).toEqual([person('s')]);
  });
});

describe('opinions', () => {
  it('an approver asks a consultant, who becomes an assignee until the opinion is given', () => {
    const p = progress([level(0, ['a', 'b'], 2)]);
    const asked = ok(requestOpinion(p, { actor: actor('a'), consultant: person('c'), ts: TS, authors }));
    expect(asked.status).toBe('consulting');
    expect(asked.record).toMatchObject({ decision: 'request', consultant: person('c'), missing: ['A', 'B'] });
    expect(assigneesOf(asked.progress).map((x) => x._id)).toEqual(['a', 'b', 'c']);
    expect(vote(asked.progress, actor('c'))).toMatchObject({ ok: false, key: 'approval.consultant' });
    expect(
      requestOpinion(asked.progress, { actor: actor('b'), consultant: person('d'), ts: TS, authors }),
    ).toMatchObject({
      ok: false,
      key: 'approval.consulting',
    });
    const given = ok(giveOpinion(asked.progress, { actor: actor('c'), comment: 'Fair price', ts: TS }));
    expect(given.progress.consultation).toBeNull();
    expect(given.progress.opinions).toEqual([
      { user: person('c'), requestedBy: person('a'), comment: 'Fair price', ts: TS },
    ]);
    expect(assigneesOf(given.progress).map((x) => x._id)).toEqual(['a', 'b']);
  });

  it.each([
    ['someone off the level', actor('x'), person('c'), 'approval.not-approver'],
    ['oneself', actor('a'), person('a'), 'approval.self-consultation'],
    ['an author', actor('bea', true), person('c'), 'approval.own-document'],
  ])('refuses a request by %s', (_name, who, consultant, key) => {
    expect(
      requestOpinion(progress([level(0, ['a'])]), { actor: who, consultant, ts: TS, authors }),
    ).toMatchObject({ ok: false, key });
  });

  it('only the consultant asked gives the opinion', () => {
    expect(
      giveOpinion(progress([level(0, ['a'])]), { actor: actor('c'), comment: '', ts: TS }),
    ).toMatchObject({ ok: false });
  });
});
