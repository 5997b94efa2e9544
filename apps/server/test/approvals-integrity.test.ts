import type { ApprovalView, DocumentList } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsFlow } from './approvals-flow.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';

/**
 * What an approval trusts: the parent's `assignees` and `approval` are data its editors can write,
 * so a decision is always checked against the running approval found by the parent's id and the
 * levels on the approval document, which nobody edits.
 */

let t: TestApp;
const f = approvalsFlow(() => t);
const { api, ok, move } = f;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('an editor of the parent', () => {
  it('cannot make themselves an approver nor cut the approval loose by rewriting its data', async () => {
    const diana = await f.person('director');
    const rui = await f.person('requester');
    await f.rule('order', 'P013', [{ kind: 'user', user: diana }]);
    const order = await f.order('buyer', 'P013', 'Integrity order');
    const submitted = await ok(move('buyer', 'order', order._id, 'submit-approval'));
    const approvalId = (submitted.approval as { _id: string })._id;
    // the requester edits orders of their group, but not while in approval (a readonly state)
    const { approval: _dropped, ...rest } = submitted;
    const locked = await api('requester', 'PUT', `/api/purchasing/order/${order._id}`, {
      ...rest,
      assignees: [rui],
    });
    expect([locked.status, errorOf(locked.body).key]).toEqual([409, 'document.read-only']);
    // were the data rewritten anyway (an older database, a future editable state), the vote holds
    await t.conn.db
      .updateTable('documents')
      .set({ data: sql`(data - 'approval') || ${JSON.stringify({ assignees: [rui] })}::jsonb` })
      .where(sql<boolean>`id = ${order._id}::bigint`)
      .execute();
    const forged = await ok(api('requester', 'GET', `/api/purchasing/order/${order._id}`));
    expect(forged.assignees).toEqual([rui]);
    expect(forged._actions.transitions.map((x) => x.name)).toContain('approve');
    const refused = await move('requester', 'order', order._id, 'approve');
    expect([refused.status, errorOf(refused.body).key]).toEqual([403, 'approval.not-approver']);
    expect((await ok(api('buyer', 'GET', `/api/purchasing/order/${order._id}`)))._state.current).toBe(
      'approval',
    );
    // the approver still decides, on the approval document, and the parent's data is set right again
    await ok(move('director', 'approval', approvalId, 'approval-approve'));
    const parent = await ok(api('buyer', 'GET', `/api/purchasing/order/${order._id}`));
    expect([parent._state.current, parent.assignees, parent.approval]).toEqual([
      'approved',
      [],
      { _id: approvalId, state: 'completed' },
    ]);
    const view = await ok(api<ApprovalView>('buyer', 'GET', `/api/automation/approval/${approvalId}`));
    expect(view.levels[0]!.decisions.map((d) => d.user._id)).toEqual([diana._id]);
  });
});

describe('a document in approval from before approvals', () => {
  it('is decided by the admin-level right alone, whatever its assignees say', async () => {
    const all = (await ok(api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200'))).items;
    const legacy = all.find((d) => d._state.current === 'approval' && d.doc.subtype === 'P003')!;
    expect(legacy).toBeDefined();
    // assignees written into its data (as any save may write them)
    const buyerMe = await f.person('buyer');
    await t.conn.db
      .updateTable('documents')
      .set({ data: sql`data || ${JSON.stringify({ assignees: [buyerMe] })}::jsonb` })
      .where(sql<boolean>`id = ${legacy._id}::bigint`)
      .execute();
    const full = await ok(api('buyer', 'GET', `/api/purchasing/order/${legacy._id}`));
    expect(full._actions.transitions.map((x) => x.name)).toContain('approve');
    const byBuyer = await move('buyer', 'order', legacy._id, 'approve');
    expect([byBuyer.status, errorOf(byBuyer.body).key]).toEqual([403, 'approval.not-approver']);
    const byManager = await ok(move('manager', 'order', legacy._id, 'approve'));
    expect(byManager._state.current).toBe('approved');
  });
});
