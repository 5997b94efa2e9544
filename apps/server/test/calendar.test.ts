import type { CalendarEvent } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The calendar's events (seed 001 section 2.11): real dates of the documents, each read through
 * its model's list scope. The oracle of scoping is the document itself: every event a caller gets
 * opens for that caller, and two suppliers never share one.
 */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of ['buyer', 'manager', 'supplier', 'supplier2']) tokens[u] = (await signIn(t.app, u)).token;
}, 120_000);
afterAll(() => t?.close());

const events = (user: string, query: string) =>
  call<CalendarEvent[]>(t.app, 'GET', `/api/calendar/events?${query}`, { token: tokens[user]! });
const ok = async (user: string, query: string) => {
  const res = await events(user, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const opens = async (user: string, e: CalendarEvent) =>
  (await call(t.app, 'GET', `/api/purchasing/${e.model}/${e.documentId}`, { token: tokens[user]! })).status;

describe('calendar events', () => {
  it('answers the expected deliveries and receptions of a month, each a document of the caller', async () => {
    const march = await ok('buyer', 'from=2026-03-01&to=2026-03-31');
    const deliveries = march.filter((e) => e.type === 'delivery');
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((e) => e.date))).toEqual(new Set(['2026-03-15']));
    expect(march.filter((e) => e.type === 'reception').map((e) => e.date)).toContain('2026-03-20');
    for (const e of march) {
      expect(e.date >= '2026-03-01' && e.date <= '2026-03-31').toBe(true);
      expect(e.url).toBe(`/${e.model}/${e.documentId}`);
      expect(await opens('buyer', e)).toBe(200);
    }
    // sorted by day
    expect(march.map((e) => e.date)).toEqual([...march.map((e) => e.date)].sort());
  });

  it('filters by event type: contract expiries', async () => {
    const december = await ok('buyer', 'from=2026-12-01&to=2026-12-31&type=contract-expiry');
    expect(december.length).toBeGreaterThan(0);
    for (const e of december) {
      expect(e).toMatchObject({ type: 'contract-expiry', model: 'contract' });
      // the oracle: the contract's own validTo, as the caller reads it
      const doc = await call<{ validTo?: string; data?: { validTo?: string } }>(
        t.app,
        'GET',
        `/api/purchasing/contract/${e.documentId}`,
        { token: tokens.buyer! },
      );
      expect((doc.body.validTo ?? doc.body.data?.validTo ?? '').slice(0, 10)).toBe(e.date);
    }
    expect(december.map((e) => e.date)).toContain('2026-12-31');
  });

  it('dates an open evaluation at the end of its period', async () => {
    await sql`insert into documents (domain_id, model, type, state, supplier_id, requester_id, group_id, plant,
        created_by, updated_by, data)
      select domain_id, 'order-evaluation', 'order-evaluation', 'created', supplier_id, requester_id, group_id, plant,
        created_by, updated_by, data || '{"period": "2026-02", "description": "Calendar test evaluation"}'::jsonb
      from documents where model = 'order' and domain_id = 'acme' and supplier_id is not null
      order by id limit 1`.execute(t.conn.db);
    const february = await ok('buyer', 'from=2026-02-01&to=2026-02-28&type=evaluation');
    expect(february.find((e) => e.title.includes('Calendar test evaluation'))).toMatchObject({
      date: '2026-02-28',
      model: 'order-evaluation',
    });
  });

  it('shows a supplier only its own documents, never another supplier’s', async () => {
    const window = 'from=2026-03-01&to=2026-05-31';
    const mine = await ok('supplier', window);
    const theirs = await ok('supplier2', window);
    expect(mine.length + theirs.length).toBeGreaterThan(0);
    for (const e of mine) {
      expect(await opens('supplier', e)).toBe(200);
      expect(await opens('supplier2', e)).toBe(404);
    }
    for (const e of theirs) expect(await opens('supplier', e)).toBe(404);
    expect(mine.filter((e) => e.type === 'approval')).toEqual([]);
  });

  it('refuses a window that is reversed, too wide or not a day', async () => {
    for (const q of [
      'from=2026-03-31&to=2026-03-01',
      'from=2026-01-01&to=2026-12-31',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await events('buyer', q);
      expect(res.status).toBe(400);
      errorOf(res.body);
    }
    expect((await events('buyer', 'from=2026-03-01&to=2026-03-31&type=party')).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/calendar/events?from=2026-03-01&to=2026-03-31')).status).toBe(401);
  });
});
