import {
  ACTIVITY_KINDS,
  DASHBOARD_TEXTS,
  roleDefaultWhat,
  ROLE_KEYS,
  WHAT_IDS,
  type AvailableWidget,
  type Dashboard,
  type DashboardChanged,
  type LayoutItem,
  type ReportResult,
  type ReportSaved,
} from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The dashboard (seed 001 sections 2.8, 3, 4.3 and 7): a user's own layout stored per tenant and
 * user, read by nobody else; without one, the default of its role built from the dashboard figures
 * its list scope counts (the oracle: the reporting result of the same figures); saves checked item
 * by item, a refused save storing nothing; reset back to the role default; notices in the caller's
 * language.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of ['buyer', 'requester', 'supplier', 'supplier2', 'admin']) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
  tokens['globex-buyer'] = (await signIn(t.app, 'buyer', 'globex')).token;
}, 60_000);
afterAll(() => t?.close());

const get = (user: string) =>
  call<Dashboard>(t.app, 'GET', '/api/profile/user/dashboard', { token: tokens[user]! });
const save = (user: string, body: unknown) =>
  call<DashboardChanged>(t.app, 'POST', '/api/profile/user/dashboard', { token: tokens[user]!, body });
const reset = (user: string) =>
  call<DashboardChanged>(t.app, 'GET', '/api/profile/user/dashboard/reset', { token: tokens[user]! });
const widgets = (user: string) =>
  call<AvailableWidget[]>(t.app, 'GET', '/api/profile/user/widgets', { token: tokens[user]! });

/** The figures the caller's scope counts, from the reporting API (null: a model it cannot list). */
async function countedFigures(user: string, what: readonly string[]): Promise<string[]> {
  const res = await call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', {
    token: tokens[user]!,
    body: { name: 'Oracle', what },
  });
  expect(res.status).toBe(200);
  return res.body.items.filter((i) => i.count !== null).map((i) => String(i._id));
}

const tile = (i: number, over: Partial<LayoutItem> = {}): LayoutItem => ({
  i,
  x: 0,
  y: 0,
  w: 6,
  h: 6,
  editable: true,
  widget: { component: 'v-query', componentId: 'draft-orders', params: {} },
  ...over,
});

describe('the role default', () => {
  it('gives each role the figures it works with that its scope counts, one report tile each', async () => {
    for (const user of ['buyer', 'requester', 'supplier', 'admin']) {
      const res = await get(user);
      expect(res.status).toBe(200);
      expect(res.body.user).toBeNull();
      const session = await signIn(t.app, user);
      expect(res.body.role).toBe(session.user.role.key);
      const expected = await countedFigures(user, roleDefaultWhat(session.user));
      expect(expected.length, user).toBeGreaterThan(0);
      expect(
        res.body.layout.map((l) => l.widget.componentId),
        user,
      ).toEqual(expected);
      for (const [k, item] of res.body.layout.entries()) {
        expect(item.widget.component).toBe('v-query');
        expect(item.i).toBe(k + 1);
        expect(item.x + item.w).toBeLessThanOrEqual(12);
      }
    }
  });

  it('never offers a supplier the figures of documents it cannot see', async () => {
    const figures = (await get('supplier')).body.layout.map((l) => l.widget.componentId);
    for (const hidden of ['draft-requisitions', 'draft-orders', 'orders-waiting-approval', 'order-errors'])
      expect(figures).not.toContain(hidden);
  });
});

describe('every role', () => {
  it('gets its dashboard, the widgets it may add and a reset, all its own', async () => {
    for (const role of ROLE_KEYS.filter((r) => r !== 'system')) {
      const { token } = await signIn(t.app, role);
      for (const url of ['/api/profile/user/dashboard', '/api/profile/user/widgets']) {
        const res = await call(t.app, 'GET', url, { token });
        expect(res.status, `${role} ${url}`).toBe(200);
      }
      const back = await call<DashboardChanged>(t.app, 'GET', '/api/profile/user/dashboard/reset', { token });
      expect(back.status, role).toBe(200);
      expect(back.body.dashboard.user).toBeNull();
    }
  });
});

describe('available widgets', () => {
  it('lists the 12 activity kinds and the reports the caller may open, its own but not another user’s', async () => {
    const saved = await call<ReportSaved>(t.app, 'POST', '/api/reporting/query/save', {
      token: tokens.requester!,
      body: {
        name: 'Requester only',
        model: 'requisition',
        aggregation: { groupBy: [{ field: '_state.current' }], metrics: [{ function: 'count' }] },
      },
    });
    expect(saved.status).toBe(200);
    const mine = await widgets('requester');
    expect(mine.status).toBe(200);
    const activity = mine.body.filter((w) => w.type === 'user-activity');
    expect(activity.map((w) => [w._id, w.component])).toEqual(
      ACTIVITY_KINDS.map((k) => [String(k.id), 'v-activity']),
    );
    // the requester reads Portuguese
    expect(activity[1]!.name).toBe(ACTIVITY_KINDS[1]!.label.pt);
    const reports = mine.body.filter((w) => w.type !== 'user-activity');
    expect(reports.every((w) => w.component === 'v-query')).toBe(true);
    expect(reports.map((w) => w._id)).toContain(saved.body.id);
    expect(reports.map((w) => w._id)).toContain('dashboard');
    const reportsOf = async (user: string) =>
      (await widgets(user)).body.filter((w) => w.type !== 'user-activity').map((w) => w._id);
    const buyers = await reportsOf('buyer');
    expect(buyers).not.toContain(saved.body.id);
    expect(buyers).toEqual(expect.arrayContaining(await countedFigures('buyer', WHAT_IDS)));
    const supplier = await reportsOf('supplier');
    expect(supplier).not.toContain('draft-requisitions');
  });
});

describe('saving and resetting', () => {
  it('stores the caller’s layout, which nobody else reads, and resets it to the role default', async () => {
    const layout = [
      tile(1),
      tile(4, { x: 6, widget: { component: 'v-activity', params: { kind: 3, count: 7 } } }),
      tile(5, {
        y: 6,
        w: 12,
        h: 4,
        widget: { component: 'v-iframe', params: { url: 'https://example.com' } },
      }),
    ];
    const res = await save('buyer', { user: ids.requester, layout });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      message: 'Dashboard saved',
      dashboard: { user: ids.buyer, role: 'buyer', layout },
    });
    expect((await get('buyer')).body).toEqual({ user: ids.buyer, role: 'buyer', layout });
    // an owner sent along changes nothing: the requester and the other tenant's buyer keep theirs
    expect((await get('requester')).body.user).toBeNull();
    expect((await get('globex-buyer')).body.user).toBeNull();
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from dashboards`.execute(t.conn.db);
    expect(rows[0]!.n).toBe('1');

    const back = await reset('buyer');
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('Dashboard reset to the default of the Buyer role');
    expect(back.body.dashboard.user).toBeNull();
    expect(back.body.dashboard).toEqual((await get('buyer')).body);
    const pt = await reset('requester');
    expect(pt.body.message).toBe('Painel reposto com a predefinição da função Requisitante');
  });

  it('refuses a bad layout with every failing item in the error shape and stores nothing', async () => {
    const before = (await save('supplier', { layout: [tile(1, { widget: { component: 'v-iframe' } })] }))
      .body;
    expect(before.ok).toBe(true);
    const requesterReport = (await widgets('requester')).body.find((w) => w.name === 'Requester only')!;
    const res = await save('supplier', {
      layout: [
        tile(1),
        tile(1, { x: 8 }),
        tile(2, { widget: { component: 'v-query', componentId: requesterReport._id } }),
        tile(3, { widget: { component: 'v-iframe', params: { url: 'javascript:alert(1)' } } }),
      ],
    });
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.key).toBe('dashboard.invalid');
    expect(err.data.errors).toEqual([
      { field: 'layout.1.i', message: DASHBOARD_TEXTS.duplicateId },
      { field: 'layout.1.w', message: DASHBOARD_TEXTS.outsideGrid },
      { field: 'layout.3.widget.params.url', message: DASHBOARD_TEXTS.frameUrl },
      { field: 'layout.2.widget.componentId', message: DASHBOARD_TEXTS.reportUnknown },
    ]);
    expect((await get('supplier')).body).toEqual(before.dashboard);
    // items outside the schema are refused before the rules
    for (const bad of [
      { layout: [tile(1, { w: 0 })] },
      { layout: [{ ...tile(1), widget: { component: 'v-chart' } }] },
      { layout: [tile(1, { x: -1 })] },
      { layout: 'x' },
      {},
    ]) {
      const refused = await save('supplier', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      errorOf(refused.body);
    }
    expect((await get('supplier')).body).toEqual(before.dashboard);
  });

  it('answers the refusal in the caller’s language', async () => {
    const res = await save('requester', { layout: [tile(1, { x: 9 })] });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).message).toBe('O widget não cabe nas 12 colunas da grelha.');
  });

  it('asks for a token', async () => {
    expect((await call(t.app, 'GET', '/api/profile/user/dashboard')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile/user/widgets')).status).toBe(401);
  });
});
