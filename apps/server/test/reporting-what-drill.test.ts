import type { DocumentList, ReportResult } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * A dashboard figure over two lists (pending evaluations: draft order evaluations and draft
 * contract evaluations) has no one list behind it: its item carries no `_filter`, and each part
 * names its list, its count and the filter selecting exactly its documents, so a click offers the
 * lists by name.
 */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['buyer']) tokens[role] = (await signIn(t.app, role)).token;
  // the demo has a draft order evaluation; a draft contract evaluation makes both parts count
  const created = await call(t.app, 'POST', '/api/purchasing/contract-evaluation', {
    token: tokens.buyer,
    body: { description: 'Pending contract evaluation', parent: 'CT-2026-001' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}, 60_000);
afterAll(() => t?.close());

interface Part {
  model: string;
  label: string;
  count: number | null;
  _filter: string | null;
}

async function pending(role: string): Promise<ReportResult['items'][number]> {
  const res = await call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', {
    token: tokens[role],
    body: { name: 'Home', what: ['pending-evaluations'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items[0]!;
}

async function listed(role: string, model: string, filter: string): Promise<number | null> {
  const res = await call<DocumentList>(t.app, 'GET', `/api/purchasing/${model}?${filter}&c=1&l=1`, {
    token: tokens[role],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.options.count;
}

describe('drilling the pending evaluations', () => {
  it('names both lists with their counts and exact filters; the figure is their sum', async () => {
    const item = await pending('buyer');
    const parts = item.parts as Part[];
    expect(item._filter).toBeNull();
    expect(parts.map((p) => [p.model, p.label])).toEqual([
      ['order-evaluation', 'Order evaluations'],
      ['contract-evaluation', 'Contract evaluations'],
    ]);
    for (const part of parts) {
      expect(part.count).toBeGreaterThan(0);
      expect(new URLSearchParams(part._filter!).get('_state.current')).toBe('created,updated');
      expect(await listed('buyer', part.model, part._filter!)).toBe(part.count);
    }
    expect(item.count).toBe(parts.reduce((n, p) => n + p.count!, 0));
  });

  it('names the lists in the caller’s language', async () => {
    const saved = await call(t.app, 'POST', '/api/profile/user/config', {
      token: tokens.buyer,
      body: { lang: 'pt' },
    });
    expect(saved.status).toBe(200);
    const item = await pending('buyer');
    expect(item.label).toBe('Avaliações pendentes');
    expect((item.parts as Part[]).map((p) => p.label)).toEqual([
      'Avaliações de encomendas',
      'Avaliações de contratos',
    ]);
  });
});
