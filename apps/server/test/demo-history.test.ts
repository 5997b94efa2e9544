import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalPlan, DocumentList, DocumentResponse } from '@p2p/domain';
import { planHistory, insertDemoHistory } from '../src/seed/demo-history.ts';
import { HISTORY_SUPPLIERS } from '../src/seed/demo-history-suppliers.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The demo history (issue 9) and the demo documents' own rules (issue 11): the history is the same
 * for the same start day, has the shape a purchasing department knows, is written in seconds with
 * correct decimal totals; every demo document in or before approval has someone to approve it;
 * every demo document its owner may edit saves unchanged through the real save path.
 */

const START = '2026-11-26';
let t: TestApp;
let seconds = 0;
const tokens = new Map<string, string>();

async function token(username: string): Promise<string> {
  if (!tokens.has(username)) tokens.set(username, (await signIn(t.app, username)).token);
  return tokens.get(username)!;
}

beforeAll(async () => {
  t = await createTestApp();
  const began = Date.now();
  await t.conn.db.transaction().execute((trx) => insertDemoHistory(trx, 'acme', START));
  seconds = (Date.now() - began) / 1000;
}, 300_000);
afterAll(() => t?.close());

describe('the demo history plan', () => {
  const plan = planHistory(START);

  it('is the same for the same start day, and about 5,000 documents of every type', () => {
    expect(JSON.stringify(planHistory(START))).toBe(JSON.stringify(plan));
    expect(plan.length).toBeGreaterThan(4_500);
    expect(plan.length).toBeLessThan(6_500);
    const models = new Set(plan.map((d) => d.model));
    for (const m of [
      'requisition',
      'order',
      'contract',
      'reception',
      'order-evaluation',
      'contract-evaluation',
      'complaint',
      'purchase-rfx',
      'rfx-proposal',
      'approval',
    ])
      expect(models, m).toContain(m);
    expect(HISTORY_SUPPLIERS).toHaveLength(40);
    expect(new Set(plan.map((d) => d.supplier).filter(Boolean)).size).toBe(40);
  });

  it('lies in the 24 months before the start, busier in October than in August', () => {
    const orders = plan.filter((d) => d.model === 'order');
    const months = new Map<string, number>();
    for (const o of orders) {
      const day = o.createdAt.toISOString().slice(0, 10);
      expect(day < START && day >= '2024-11-26').toBe(true);
      months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + 1);
    }
    expect(months.size).toBeGreaterThanOrEqual(24);
    expect(months.get('2025-10')!).toBeGreaterThan(2 * months.get('2025-08')!);
    for (const d of plan) expect(d.updatedAt >= d.createdAt, `${d.model} ${d.ref}`).toBe(true);
  });

  it('has rejected approvals, late deliveries and complaints', () => {
    expect(plan.filter((d) => d.approval?.outcome === 'rejected').length).toBeGreaterThan(50);
    const deliveryOf = new Map(plan.filter((d) => d.erpKey).map((d) => [d.erpKey, d.data.deliveryDate]));
    const late = plan.filter(
      (d) =>
        d.model === 'reception' &&
        String(d.data.receivedAt) > String(deliveryOf.get((d.data.reference as { order: string }).order)),
    );
    expect(late.length).toBeGreaterThan(100);
    expect(
      plan.filter((d) => d.model === 'complaint' && d.data.category === 'delivery').length,
    ).toBeGreaterThan(30);
  });
});

describe('the demo history written', () => {
  it('is written in seconds, with values that are the sums of the lines', async () => {
    console.info(`demo history written in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);
    const db = t.conn.db;
    const counts = await sql<{
      n: string;
    }>`select count(*)::text n from documents where domain_id = 'acme'`.execute(db);
    expect(Number(counts.rows[0]!.n)).toBeGreaterThan(4_500);
    // the header's value is the sum of its lines' values, in numeric (decimal) arithmetic
    const off = await sql<{ n: string }>`select count(*)::text n from documents d where d.domain_id = 'acme'
      and d.value <> (select coalesce(sum(l.value), 0) from document_lines l where l.document_id = d.id)`.execute(
      db,
    );
    expect(off.rows[0]!.n).toBe('0');
    const cents = await sql<{ n: string }>`select count(*)::text n from documents
      where domain_id = 'acme' and (value * 100) <> trunc(value * 100)`.execute(db);
    expect(cents.rows[0]!.n).toBe('0');
  });

  it('shows a supplier only its own documents', async () => {
    for (const [user, name] of [
      ['supplier', 'Alfa Components Lda'],
      ['supplier2', 'Beta Logistics SA'],
    ] as const) {
      const list = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200&c=1', {
        token: await token(user),
      });
      expect(list.status).toBe(200);
      expect(list.body.items.length).toBeGreaterThan(10);
      for (const o of list.body.items) expect(o.supplier?.name).toBe(name);
    }
  });
});

/** The owner's username of each demo document, by id. */
async function owners(): Promise<
  Map<string, { model: string; state: string; username: string; history: boolean }>
> {
  const rows = await sql<{ id: string; model: string; state: string; username: string; created: Date }>`
    select d.id::text id, d.model, d.state, u.username, d.created_at created from documents d
    join users u on u.id = d.created_by where d.domain_id = 'acme' and not d.deleted order by d.id`.execute(
    t.conn.db,
  );
  const oldest = Date.parse(`${START}T00:00:00Z`);
  return new Map(
    rows.rows.map((r) => [
      r.id,
      {
        model: r.model,
        state: r.state,
        username: r.username,
        history: new Date(r.created).getTime() < oldest,
      },
    ]),
  );
}

describe('demo documents', () => {
  it('in or before approval always have someone to approve them', async () => {
    const docs = [...(await owners())].filter(
      ([, d]) =>
        ['requisition', 'order', 'contract'].includes(d.model) &&
        ['created', 'updated', 'rejected', 'approval'].includes(d.state),
    );
    expect(docs.length).toBeGreaterThan(20);
    const blocked: string[] = [];
    for (const [id, d] of docs) {
      const res = await call<ApprovalPlan>(
        t.app,
        'POST',
        `/api/automation/approval-dry-run/${d.model}/${id}`,
        {
          token: await token(d.username),
          body: {},
        },
      );
      expect(res.status, `${d.model} ${id}`).toBe(200);
      if (res.body.blocked || res.body.levels.some((l) => l.members.length === 0))
        blocked.push(`${d.model} ${id}`);
    }
    expect(blocked).toEqual([]);
  }, 300_000);

  /** What a save must not change: everything but the save's own bookkeeping. */
  const VOLATILE = new Set([
    '_version',
    'version',
    'updatedAt',
    'updatedBy',
    '_state',
    '_actions',
    '_permissions',
  ]);
  const stable = (d: DocumentResponse) =>
    Object.fromEntries(Object.entries(d).filter(([k]) => !VOLATILE.has(k)));

  it('save unchanged as their owner: every old demo document and a sample of each model and state', async () => {
    const all = [...(await owners())];
    const perKind = new Map<string, number>();
    const chosen = all.filter(([, d]) => {
      if (!d.history) return true;
      const kind = `${d.model}/${d.state}`;
      perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
      return perKind.get(kind)! <= 2;
    });
    const saved: string[] = [];
    const failures: string[] = [];
    for (const [id, d] of chosen) {
      const auth = { token: await token(d.username) };
      const url = `/api/purchasing/${d.model}/${id}`;
      const before = await call<DocumentResponse>(t.app, 'GET', url, auth);
      expect(before.status, `${url} as ${d.username}`).toBe(200);
      if (!before.body._permissions?.edit) continue;
      const put = await call<DocumentResponse>(t.app, 'PUT', url, { ...auth, body: before.body });
      if (put.status !== 200) {
        failures.push(`${d.model}/${d.state} ${id}: ${put.status} ${JSON.stringify(put.body).slice(0, 300)}`);
        continue;
      }
      const after = await call<DocumentResponse>(t.app, 'GET', url, auth);
      expect(stable(after.body), `${d.model}/${d.state} ${id}`).toEqual(stable(before.body));
      saved.push(`${d.model}/${d.state}`);
    }
    expect(failures).toEqual([]);
    // the old demo orders in draft and the drafts of every history model are among the saved
    for (const kind of ['order/created', 'order/updated', 'requisition/created', 'contract/created'])
      expect(saved, kind).toContain(kind);
    expect(saved.length).toBeGreaterThan(30);
  }, 600_000);
});
