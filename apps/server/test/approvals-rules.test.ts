import type { ApprovalPlan, ApprovalRule, ApprovalView } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsFlow } from './approvals-flow.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';

/** Approval rules as data (admin), the dry run of a draft, the seeded rules, the index of 'Assigned to me'. */

let t: TestApp;
const f = approvalsFlow(() => t);
const { api, ok, move } = f;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const dryRun = (user: string, model: string, body: unknown) =>
  api<ApprovalPlan>(user, 'POST', `/api/automation/approval-dry-run/${model}`, body);

describe('rules in /admin', () => {
  it('are listed, created, saved over the version read and deleted by administrators only', async () => {
    const seeded = await ok(
      api<ApprovalRule[]>('admin', 'GET', '/api/admin/approval-rules?model=requisition'),
    );
    expect(seeded.map((r) => r.name)).toEqual([
      'Service requisitions committee',
      'Purchasing Lisboa requisitions',
      'Investment requisitions',
    ]);
    const body = {
      model: 'contract',
      name: 'Framework contracts',
      priority: 5,
      conditions: { subtypes: ['C001'], amount: { min: '1000', max: '5000000' } },
      levels: [{ kind: 'role', role: 'director' }],
      enabled: true,
    };
    for (const user of ['buyer', 'director', 'requester', 'supplier']) {
      expect((await api(user, 'GET', '/api/admin/approval-rules')).status, user).toBe(403);
      expect((await api(user, 'POST', '/api/admin/approval-rules', body)).status, user).toBe(403);
    }
    const created = await ok(api<ApprovalRule>('manager', 'POST', '/api/admin/approval-rules', body));
    expect(created).toMatchObject({ ...body, version: 1 });
    const saved = await ok(
      api<ApprovalRule>('admin', 'PUT', `/api/admin/approval-rules/${created._id}`, {
        ...body,
        enabled: false,
        version: 1,
      }),
    );
    expect(saved).toMatchObject({ enabled: false, version: 2 });
    const stale = await api('manager', 'PUT', `/api/admin/approval-rules/${created._id}`, {
      ...body,
      version: 1,
    });
    expect([stale.status, errorOf(stale.body).key]).toEqual([409, 'approval.rule-stale']);
    await ok(api('admin', 'DELETE', `/api/admin/approval-rules/${created._id}`));
    expect((await api('admin', 'DELETE', `/api/admin/approval-rules/${created._id}`)).status).toBe(404);
  });

  it('refuses a rule that cannot work, naming each field; unknown keys never pass the schema', async () => {
    const res = await api('admin', 'POST', '/api/admin/approval-rules', {
      model: 'order',
      name: 'Broken',
      priority: 1,
      conditions: { amount: { min: '500', max: '100' } },
      levels: [{ kind: 'committee', members: [{ _id: 'a' }], required: 2 }, { kind: 'user' }],
      enabled: true,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors.map((e) => e.field)).toEqual([
      'conditions.amount.max',
      'levels.0.required',
      'levels.1.user',
    ]);
    const extra = await api('admin', 'POST', '/api/admin/approval-rules', {
      model: 'order',
      name: 'x',
      priority: 1,
      conditions: { colour: ['red'] },
      levels: [{ kind: 'role', role: 'director' }],
      enabled: true,
    });
    expect(extra.status).toBe(400);
    expect(
      (await ok(api<ApprovalRule[]>('admin', 'GET', '/api/admin/approval-rules?model=order'))).map(
        (r) => r.name,
      ),
    ).toEqual(['Large orders']);
  });
});

describe('the dry run of a draft', () => {
  const line = (price: string, quantity: string, extra: Record<string, unknown> = {}) => ({
    item: 'MAT-1001',
    quantity,
    price,
    tax: { key: 'IVA23' },
    ...extra,
  });

  it('converts the amount to the company currency before the tiers, in decimals', async () => {
    const director = await f.person('director');
    // 54,000 USD at 0.92 is 49,680 EUR: under the 'Large orders' tier; 55,000 USD is 50,600 EUR: in it
    const under = await ok(dryRun('buyer', 'order', { currency: 'USD', lines: [line('5400', '10')] }));
    expect(under).toMatchObject({ amount: '49680.00', documentCurrency: 'USD', fallback: true, rules: [] });
    const over = await ok(dryRun('buyer', 'order', { currency: 'USD', lines: [line('5500', '10')] }));
    expect(over.rules).toEqual([
      expect.objectContaining({
        name: 'Large orders',
        reasons: [{ condition: 'amount', value: '50600.00' }],
      }),
    ]);
    expect(over.levels.map((l) => [l.kind, l.role ?? null, l.members.map((m) => m.name)])).toEqual([
      ['role', 'manager-purchasing', [(await f.person('manager-purchasing')).name]],
      ['user', null, [director.name]],
    ]);
    // the document's own exchange rate wins over the table
    const own = await ok(
      dryRun('buyer', 'order', { currency: 'USD', exchangeRate: '2', lines: [line('5400', '10')] }),
    );
    expect(own.amount).toBe('108000.00');
    // a currency without a rate meets the tier: a missing rate never skips an approval
    const unknown = await ok(dryRun('buyer', 'order', { currency: 'JPY', lines: [line('1', '1')] }));
    expect([unknown.amount, unknown.rules.map((r) => r.name)]).toEqual([null, ['Large orders']]);
    const bad = await dryRun('buyer', 'order', { lines: [line('12,5x', '1')] });
    expect(bad.status).toBe(400);
  });

  it('reads UNSPSC codes from the catalogue and line types, and names why each rule matched', async () => {
    const rule = await ok(
      api<ApprovalRule>('admin', 'POST', '/api/admin/approval-rules', {
        model: 'contract',
        name: 'Hydraulics',
        priority: 0,
        conditions: { unspsc: ['4014'], lineTypes: ['material'] },
        levels: [{ kind: 'user', user: await f.person('manager-purchasing') }],
        enabled: true,
      }),
    );
    // MAT-1001 is a hydraulic fitting, UNSPSC 40142300 in the demo catalogue
    const plan = await ok(
      dryRun('buyer', 'contract', { doc: { subtype: 'C003' }, lines: [line('3.3', '100')] }),
    );
    expect(plan.rules[0]).toEqual({
      _id: rule._id,
      name: 'Hydraulics',
      reasons: [
        { condition: 'unspsc', value: '40142300' },
        { condition: 'lineTypes', value: 'material' },
      ],
    });
    expect(plan.levels.map((l) => l.rule.name)).toEqual(['Hydraulics', 'Contracts', 'Contracts']);
    const other = await ok(
      dryRun('buyer', 'contract', { lines: [line('3.3', '100', { item: 'MAT-3300' })] }),
    );
    expect(other.rules.map((r) => r.name)).toEqual(['Contracts']);
  });

  it('is exactly what the submit opens: the seeded committee of 2 of 3 for a service requisition', async () => {
    const draft = {
      doc: { subtype: 'R003' },
      description: 'Calibration of the Porto gauges',
      deliveryDate: '2026-12-01',
      currency: 'EUR',
      // a service line asks for the risk assessment and a business plan (low risks: nothing more)
      risk: { contract: 1, E: 1, HS: 1, gdpr: 1, cyber: 3 },
      businessPlan: 'Yearly calibration is a legal obligation.',
      lines: [{ item: 'SRV-0500', type: 'service', quantity: '1', price: '120' }],
    };
    const plan = await ok(dryRun('requester', 'requisition', draft));
    expect(plan.rules.map((r) => r.name)).toEqual([
      'Service requisitions committee',
      'Purchasing Lisboa requisitions',
    ]);
    expect(plan.levels.map((l) => [l.kind, l.required])).toEqual([
      ['committee', 2],
      ['role', 1],
    ]);
    const created = await ok(api('requester', 'POST', '/api/purchasing/requisition', draft));
    const stored = await ok(
      api<ApprovalPlan>(
        'requester',
        'POST',
        `/api/automation/approval-dry-run/requisition/${created._id}`,
        {},
      ),
    );
    expect(stored.levels).toEqual(plan.levels);
    const submitted = await ok(move('requester', 'requisition', created._id, 'submit-approval'));
    const approvalId = (submitted.approval as { _id: string })._id;
    const view = await ok(api<ApprovalView>('requester', 'GET', `/api/automation/approval/${approvalId}`));
    expect(view.levels).toEqual(plan.levels);
  });

  it('seats nobody who writes the document: the requester never approves their own requisition', async () => {
    const rui = await f.person('requester');
    const rule = await ok(
      api<ApprovalRule>('admin', 'POST', '/api/admin/approval-rules', {
        model: 'requisition',
        name: 'Catalogue requisitions',
        priority: 0,
        conditions: { subtypes: ['R007'] },
        levels: [{ kind: 'committee', members: [rui, await f.person('director')], required: 2 }],
        enabled: true,
      }),
    );
    const plan = await ok(dryRun('requester', 'requisition', { doc: { subtype: 'R007' }, lines: [] }));
    expect(plan.levels[0]).toMatchObject({
      rule: { _id: rule._id },
      required: 1,
      members: [await f.person('director')],
      excluded: [rui],
    });
  });
});

describe("'Assigned to me'", () => {
  it('has its GIN index on the assignees, which the planner can use', async () => {
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'documents_assignees'`.execute(t.conn.db);
    expect(rows[0]?.indexdef).toMatch(/gin .*assignees.*jsonb_path_ops/i);
  });
});
