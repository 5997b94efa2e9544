import type { ApprovalPlan, ApprovalRecord, ApprovalView, DocumentList } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsFlow } from './approvals-flow.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';

/**
 * Approvals end to end through the API (PGlite, or PostgreSQL with DATABASE_URL): rules resolved on
 * submit exactly as the dry run shows them, a committee of 2 of 3, votes on either document, the
 * manager's right, authors refused, rejection with a comment, 'Assigned to me', suppliers kept out.
 */

let t: TestApp;
const f = approvalsFlow(() => t);
const { api, ok, move } = f;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const approvalOf = (doc: Record<string, unknown>) => (doc.approval as { _id: string; state: string })._id;
const view = (user: string, id: string) => api<ApprovalView>(user, 'GET', `/api/automation/approval/${id}`);
const lastRecord = async (user: string, model: string, id: string) =>
  (await f.timeline(user, model, id)).items.at(-1)!.approval as ApprovalRecord;

describe('a committee of 2 of 3', () => {
  it('is shown by the dry run, assigned on submit, counted vote by vote, and approves the order', async () => {
    const paulo = await f.person('manager-purchasing');
    const diana = await f.person('director');
    const sofia = await f.person('manager-supplier');
    const rule = await f.rule('order', 'P010', [
      { kind: 'committee', members: [paulo, diana, sofia], required: 2 },
    ]);
    const order = await f.order('buyer', 'P010', 'Committee order');

    const plan = await ok(
      api<ApprovalPlan>('buyer', 'POST', `/api/automation/approval-dry-run/order/${order._id}`, {}),
    );
    expect(plan).toMatchObject({ fallback: false, blocked: false, amount: '100.00', currency: 'EUR' });
    expect(plan.rules).toEqual([
      { _id: rule._id, name: 'Test rule P010', reasons: [{ condition: 'subtypes', value: 'P010' }] },
    ]);
    expect(plan.levels).toEqual([
      expect.objectContaining({
        index: 0,
        kind: 'committee',
        required: 2,
        members: [paulo, diana, sofia],
        rule: { _id: rule._id, name: 'Test rule P010' },
      }),
    ]);

    const submitted = await ok(move('buyer', 'order', order._id, 'submit-approval', 'Please approve'));
    expect(submitted._state.current).toBe('approval');
    expect(submitted.assignees).toEqual([paulo, diana, sofia]);
    const approvalId = approvalOf(submitted);
    const opened = await ok(view('buyer', approvalId));
    expect(opened).toMatchObject({
      state: 'manager-approval',
      current: 0,
      parent: { _id: order._id, model: 'order' },
    });
    // exactly the levels of the dry run
    expect(opened.levels).toEqual(plan.levels);
    expect(opened.missing).toEqual([paulo, diana, sofia]);
    for (const u of ['manager-purchasing', 'director', 'manager-supplier'])
      expect((await f.inbox(u, `/order/${order._id}`)).map((n) => n.text)).toEqual([
        expect.stringContaining('was submitted for approval'),
      ]);
    expect(await f.inbox('manager', `/order/${order._id}`)).toEqual([]);

    // 'Assigned to me' lists the order and its approval for each approver
    expect(await f.assigned('director', 'order')).toContain(order._id);
    expect(await f.assigned('director', 'approval')).toContain(approvalId);
    expect(await f.assigned('manager', 'order')).not.toContain(order._id);

    // the first vote on the parent: the order stays in approval and says who is missing
    const first = await ok(move('manager-purchasing', 'order', order._id, 'approve', 'Fine by me'));
    expect(first._state.current).toBe('approval');
    expect(await lastRecord('buyer', 'order', order._id)).toEqual({
      decidedBy: paulo,
      onBehalfOf: null,
      decision: 'approve',
      level: 1,
      missing: [diana.name, sofia.name],
      required: 2,
      approvedCount: 1,
    });
    const again = await move('manager-purchasing', 'order', order._id, 'approve');
    expect([again.status, errorOf(again.body).key]).toEqual([409, 'approval.already-decided']);

    // the second vote on the approval document: both documents end
    const doc = await ok(api('director', 'GET', `/api/purchasing/approval/${approvalId}`));
    expect(doc._actions.transitions.map((x) => x.name)).toEqual([
      'approval-approve',
      'approval-reject',
      'approval-request',
    ]);
    const done = await ok(move('director', 'approval', approvalId, 'approval-approve'));
    expect(done._state).toMatchObject({ current: 'completed', readonly: true });
    expect(done._actions.transitions).toEqual([]);
    const parent = await ok(api('buyer', 'GET', `/api/purchasing/order/${order._id}`));
    expect(parent._state.current).toBe('approved');
    expect(parent.assignees).toEqual([]);
    expect(parent.approval).toEqual({ _id: approvalId, state: 'completed' });
    expect(
      (await ok(view('buyer', approvalId))).levels[0]!.decisions.map((d) => [d.user.name, d.decision]),
    ).toEqual([
      [paulo.name, 'approve'],
      [diana.name, 'approve'],
    ]);
    expect((await f.inbox('buyer', `/order/${order._id}`)).map((n) => n.text)).toEqual([
      expect.stringContaining('was approved'),
    ]);
    expect(await f.assigned('director', 'order')).not.toContain(order._id);
    // a completed approval document is read-only
    const edit = await api('admin', 'PUT', `/api/purchasing/approval/${approvalId}`, {
      ...done,
      description: 'x',
    });
    expect([edit.status, errorOf(edit.body).key]).toEqual([409, 'document.read-only']);
    expect((await move('manager-supplier', 'approval', approvalId, 'approval-approve')).status).toBe(409);
  });
});

describe('who may decide', () => {
  it('refuses the workflow to people who are not assigned, and records a manager acting with the right of the role', async () => {
    const diana = await f.person('director');
    await f.rule('order', 'P009', [{ kind: 'user', user: diana }]);
    const order = await f.order('buyer', 'P009', 'Who decides');
    const submitted = await ok(move('buyer', 'order', order._id, 'submit-approval'));
    for (const [user, status] of [
      ['requester', 409],
      ['buyer', 409],
      ['manager-purchasing', 409],
      ['supplier', 404],
    ] as const) {
      const res = await move(user, 'order', order._id, 'approve');
      expect(res.status, user).toBe(status);
    }
    expect((await move('supplier', 'approval', approvalOf(submitted), 'approval-approve')).status).toBe(404);
    const byManager = await ok(move('manager', 'order', order._id, 'approve', 'Urgent, I take it'));
    expect(byManager._state.current).toBe('approved');
    expect(await lastRecord('buyer', 'order', order._id)).toMatchObject({
      decidedBy: await f.person('manager'),
      asManager: true,
      missing: [],
    });
    const approval = await ok(view('buyer', approvalOf(submitted)));
    expect(approval.state).toBe('completed');
    expect(approval.levels[0]!.decisions[0]).toMatchObject({ asManager: true, comment: 'Urgent, I take it' });
  });

  it('never lets an author approve: the creator is left out of the levels, and refused as manager', async () => {
    const miguel = await f.person('manager');
    await f.rule('order', 'P008', [{ kind: 'user', user: miguel }]);
    const nuno = await f.person('manager2');
    // the manager writes the order himself: his own level falls to the other manager
    const mine = await f.order('manager', 'P008', 'Own order');
    const plan = await ok(
      api<ApprovalPlan>('manager', 'POST', `/api/automation/approval-dry-run/order/${mine._id}`, {}),
    );
    expect(plan).toMatchObject({
      blocked: false,
      levels: [{ fallback: true, members: [nuno], excluded: [miguel] }],
    });
    // ... and when the other manager requested it, both are its authors: nobody may approve it
    const ours = await ok(
      api<{ _id: string }>('manager', 'POST', '/api/purchasing/order', {
        ...mine,
        _id: undefined,
        key: undefined,
        requester: { _id: nuno._id },
      }),
    );
    const blocked = await ok(
      api<ApprovalPlan>('manager', 'POST', `/api/automation/approval-dry-run/order/${ours._id}`, {}),
    );
    expect(blocked).toMatchObject({ blocked: true, levels: [{ fallback: true, members: [] }] });
    const refused = await move('manager', 'order', ours._id, 'submit-approval');
    expect([refused.status, errorOf(refused.body).key]).toEqual([409, 'approval.no-approver']);
    // an order the manager requested: the director approves it; the manager's right does not reach it
    const diana = await f.person('director');
    await f.rule('order', 'P004', [{ kind: 'user', user: diana }]);
    const requested = await ok(
      api('buyer', 'POST', '/api/purchasing/order', {
        ...(await f.order('buyer', 'P004', 'Requested by the manager')),
        _id: undefined,
        key: undefined,
        requester: { _id: miguel._id },
      }),
    );
    expect(requested.requester).toMatchObject({ _id: miguel._id });
    const submitted = await ok(move('buyer', 'order', requested._id, 'submit-approval'));
    expect(submitted.assignees).toEqual([diana]);
    const own = await move('manager', 'order', requested._id, 'approve');
    expect([own.status, errorOf(own.body).key, errorOf(own.body).message]).toEqual([
      403,
      'approval.own-document',
      'Nobody approves their own document.',
    ]);
    expect((await ok(move('director', 'order', requested._id, 'approve')))._state.current).toBe('approved');
  });
});

describe('rejection', () => {
  it('needs a comment on either document and rejects both, telling the creator', async () => {
    const paulo = await f.person('manager-purchasing');
    await f.rule('order', 'P007', [
      { kind: 'user', user: paulo },
      { kind: 'role', role: 'director' },
    ]);
    const order = await f.order('buyer', 'P007', 'Rejected order');
    const submitted = await ok(move('buyer', 'order', order._id, 'submit-approval'));
    const approvalId = approvalOf(submitted);
    for (const [model, id, action] of [
      ['order', order._id, 'reject'],
      ['approval', approvalId, 'approval-reject'],
    ] as const) {
      const res = await move('manager-purchasing', model, id, action, ' ');
      expect(res.status).toBe(400);
      expect(errorOf(res.body).data.errors).toEqual([
        { field: 'comment', message: 'A comment is required.' },
      ]);
    }
    const rejected = await ok(
      move('manager-purchasing', 'approval', approvalId, 'approval-reject', 'Split it in two'),
    );
    expect(rejected._state.current).toBe('rejected');
    const parent = await ok(api('buyer', 'GET', `/api/purchasing/order/${order._id}`));
    expect([parent._state.current, parent.assignees]).toEqual(['rejected', []]);
    const entry = (await f.timeline('buyer', 'order', order._id)).items.at(-1)!;
    expect(entry).toMatchObject({
      state: 'rejected',
      text: 'Split it in two',
      approval: { decision: 'reject', decidedBy: paulo },
    });
    expect((await f.inbox('buyer', `/order/${order._id}`)).map((n) => n.text)).toEqual([
      expect.stringContaining('was rejected'),
    ]);
    // submitted again, a new approval starts from the first level
    const again = await ok(move('buyer', 'order', order._id, 'submit-approval'));
    expect(approvalOf(again)).not.toBe(approvalId);
    expect(again.assignees).toEqual([paulo]);
  });
});

describe('delegation', () => {
  it('seats the substitute for the range, records on whose behalf, and ends when removed', async () => {
    const diana = await f.person('director');
    const sofia = await f.person('manager-supplier');
    await f.rule('order', 'P006', [{ kind: 'user', user: diana }]);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const delegation = await ok(
      api('director', 'POST', '/api/approvals/delegations', {
        substitute: { _id: sofia._id },
        startsOn: today,
        endsOn: later,
      }),
    );
    expect(delegation).toMatchObject({ user: diana, substitute: sofia, startsOn: today, endsOn: later });
    expect(await ok(api('director', 'GET', '/api/approvals/delegations'))).toEqual([delegation]);
    expect(await ok(api('manager-supplier', 'GET', '/api/approvals/delegations'))).toEqual([]);

    const order = await f.order('buyer', 'P006', 'Delegated order');
    const plan = await ok(
      api<ApprovalPlan>('buyer', 'POST', `/api/automation/approval-dry-run/order/${order._id}`, {}),
    );
    expect(plan.levels[0]!.members).toEqual([{ ...sofia, onBehalfOf: diana }]);
    const submitted = await ok(move('buyer', 'order', order._id, 'submit-approval'));
    expect(submitted.assignees).toEqual([sofia]);
    expect((await move('director', 'order', order._id, 'approve')).status).toBe(409);
    await ok(move('manager-supplier', 'order', order._id, 'approve'));
    expect(await lastRecord('buyer', 'order', order._id)).toMatchObject({
      decidedBy: sofia,
      onBehalfOf: diana,
    });

    // another user's delegation is not found; the own one ends
    const id = (delegation as { _id: string })._id;
    expect((await api('manager-supplier', 'DELETE', `/api/approvals/delegations/${id}`)).status).toBe(404);
    await ok(api('director', 'DELETE', `/api/approvals/delegations/${id}`));
    const plainAgain = await ok(
      api<ApprovalPlan>('buyer', 'POST', '/api/automation/approval-dry-run/order', {
        doc: { subtype: 'P006' },
      }),
    );
    expect(plainAgain.levels[0]!.members).toEqual([diana]);
    const bad = await api('director', 'POST', '/api/approvals/delegations', {
      substitute: { _id: diana._id },
      startsOn: later,
      endsOn: today,
    });
    expect(errorOf(bad.body).data.errors.map((e) => e.field)).toEqual(['endsOn', 'substitute']);
  });
});

describe('opinions', () => {
  it('an approver asks a colleague who cannot read the order; the opinion returns the approval to its approvers', async () => {
    const paulo = await f.person('manager-purchasing');
    const exc = await f.person('exc');
    await f.rule('order', 'P005', [{ kind: 'user', user: paulo }]);
    const order = await f.order('buyer', 'P005', 'Opinion order');
    const approvalId = approvalOf(await ok(move('buyer', 'order', order._id, 'submit-approval')));
    const missing = await api(
      'manager-purchasing',
      'POST',
      `/api/purchasing/approval/${approvalId}/workflow`,
      { action: 'approval-request' },
    );
    expect([missing.status, errorOf(missing.body).key]).toEqual([400, 'approval.consultant-required']);
    const asked = await ok(
      api<ApprovalView>('manager-purchasing', 'POST', `/api/automation/approval/${approvalId}/request`, {
        consultant: exc._id,
        comment: 'Is this price usual?',
      }),
    );
    expect(asked).toMatchObject({
      state: 'consulting-approval',
      consultation: { consultant: exc, requestedBy: paulo },
    });
    expect(asked.assignees).toEqual([paulo, exc]);
    expect((await f.inbox('exc', `/approval/${approvalId}`)).length).toBe(1);
    // the consultant reads the approval, not the order, and cannot decide it
    expect((await api('exc', 'GET', `/api/purchasing/order/${order._id}`)).status).toBe(404);
    expect((await move('exc', 'approval', approvalId, 'approval-reject', 'No')).status).toBe(409);
    const opinion = await api('exc', 'POST', `/api/automation/approval/${approvalId}/opinion`, {
      comment: 'Usual for this supplier',
    });
    expect([opinion.status, opinion.body]).toEqual([200, { ok: true }]);
    expect((await api('exc', 'GET', `/api/purchasing/approval/${approvalId}`)).status).toBe(404);
    const back = await ok(view('manager-purchasing', approvalId));
    expect(back).toMatchObject({ state: 'manager-approval', consultation: null, assignees: [paulo] });
    expect(back.opinions).toEqual([
      expect.objectContaining({ user: exc, requestedBy: paulo, comment: 'Usual for this supplier' }),
    ]);
    expect(await lastRecord('buyer', 'order', order._id)).toMatchObject({
      decision: 'opinion',
      decidedBy: exc,
    });
    await ok(move('manager-purchasing', 'order', order._id, 'approve'));
    expect((await ok(api('buyer', 'GET', `/api/purchasing/order/${order._id}`)))._state.current).toBe(
      'approved',
    );
  });
});

describe('suppliers', () => {
  it('read no approval document, no approval view, no dry run', async () => {
    const list = await ok(api<DocumentList>('admin', 'GET', '/api/purchasing/approval?l=1'));
    const id = list.items[0]!._id;
    for (const user of ['supplier', 'supplier-user', 'supplier2']) {
      expect((await api(user, 'GET', `/api/purchasing/approval/${id}`)).status, user).toBe(404);
      expect((await api(user, 'GET', `/api/automation/approval/${id}`)).status, user).toBe(404);
      expect((await api(user, 'GET', '/api/purchasing/approval')).status, user).toBe(404);
      expect((await api(user, 'POST', '/api/automation/approval-dry-run/order', {})).status, user).toBe(403);
    }
  });
});
