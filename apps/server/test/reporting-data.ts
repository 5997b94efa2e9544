import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ReportQueryRequest, ReportResult } from '@p2p/domain';
import { expect } from 'vitest';
import { documentRepository } from '../src/documents/document.repository.ts';
import { call, type TestApp } from './helpers.ts';

/**
 * A small, known set of orders of tenant acme for the reporting tests: spread over seconds to a
 * year of creation times, two suppliers, four states, two plants, values and lines chosen so every
 * figure can be computed here by hand. They share one description (`tag`), so a report filtered by
 * it (`params.filters.description`) reads these documents and no others of the seeded tenant.
 */

export interface FixtureLine {
  item: string;
  quantity: string;
  price: string;
  value: string;
}

export interface FixtureOrder {
  id: string;
  created: Date;
  supplier: 'alfa' | 'beta';
  supplierId: string;
  state: string;
  plant: string;
  value: string;
  lines: FixtureLine[];
}

export interface Fixture {
  tag: string;
  orders: FixtureOrder[];
  suppliers: { alfa: string; beta: string };
}

const BASE = Date.parse('2025-03-15T10:20:30.250Z');
/** seconds after BASE: inside one second, a few seconds, minutes, hours, days, weeks, months, a year */
const OFFSETS = [0, 4, 7, 61, 3599, 7200, 46_800, 86_400, 259_200, 691_200, 3_024_000, 8_640_000, 34_560_000];
const STATES = ['created', 'approval', 'erp-done', 'closed'];
const ITEMS = ['MAT-R1', 'MAT-R2', 'MAT-R3'];

export async function buildFixture(t: TestApp): Promise<Fixture> {
  const db = t.conn.db;
  const tag = `Report fixture ${randomBytes(4).toString('hex')}`;
  const sup = async (name: string) =>
    (
      await db
        .selectFrom('suppliers')
        .select('id')
        .where('domain_id', '=', 'acme')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const suppliers = { alfa: await sup('Alfa Components Lda'), beta: await sup('Beta Logistics SA') };
  const buyer = (
    await db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', 'acme')
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow()
  ).id;
  const repo = documentRepository(db);
  const orders: FixtureOrder[] = [];
  for (const [i, offset] of OFFSETS.entries()) {
    const supplier = i % 3 === 2 ? 'beta' : 'alfa';
    const lines: FixtureLine[] = Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const quantity = (1 + ((i + k) % 4)).toFixed(3);
      const price = (10 + i + k / 2).toFixed(5);
      return {
        item: ITEMS[(i + k) % 3]!,
        quantity,
        price,
        value: (Number(quantity) * Number(price)).toFixed(2),
      };
    });
    const value = lines.reduce((s, l) => s + Number(l.value), 0).toFixed(2);
    const order: Omit<FixtureOrder, 'id'> = {
      created: new Date(BASE + offset * 1000),
      supplier,
      supplierId: suppliers[supplier],
      state: STATES[i % 4]!,
      plant: i % 2 ? 'pt-porto' : 'pt-lisboa',
      value,
      lines,
    };
    const totals = {
      grossValue: value,
      discountValue: '0',
      costValue: '0',
      netValue: value,
      taxValue: '0',
      value,
      listValue: value,
    };
    const id = await repo.insert('acme', 'order', buyer, {
      type: 'order',
      subtype: 'P001',
      key: null,
      state: order.state,
      supplier_id: order.supplierId,
      requester_id: buyer,
      group_id: null,
      plant: order.plant,
      data: {
        description: tag,
        currency: 'EUR',
        deliveryDate: order.created.toISOString().slice(0, 10),
        supplierNotes: `Notes of ${tag} ${i}`,
        supplier: { _id: order.supplierId, name: supplier },
      },
      totals,
    });
    await repo.replaceLines(
      id,
      'acme',
      lines.map((l, k) => ({ pos: (k + 1) * 10, subpos: 0, data: { ...l, pos: (k + 1) * 10 }, ...l })),
    );
    await sql`update documents set created_at = ${order.created.toISOString()}::timestamptz where id = ${id}::bigint`.execute(
      db,
    );
    orders.push({ ...order, id });
  }
  return { tag, orders, suppliers };
}

/** The start of the bucket of `t`, as the server buckets (UTC; weeks from Sunday). */
export function bucketOf(t: Date, interval: string): string {
  const n = Number(interval.slice(0, -1));
  const unit = interval.slice(-1);
  const seconds: Record<string, number> = { s: 1, m: 60, h: 3600 };
  if (seconds[unit]) {
    const step = n * seconds[unit]! * 1000;
    return new Date(Math.floor(t.getTime() / step) * step).toISOString();
  }
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  const day = Date.UTC(y, m, t.getUTCDate());
  switch (interval) {
    case '1d':
      return new Date(day).toISOString();
    case '1w':
      return new Date(day - t.getUTCDay() * 86_400_000).toISOString();
    case '1M':
      return new Date(Date.UTC(y, m)).toISOString();
    case '3M':
      return new Date(Date.UTC(y, m - (m % 3))).toISOString();
    default:
      return new Date(Date.UTC(y, 0)).toISOString();
  }
}

/** Counts of `keys` in first-seen order. */
export function countBy<T>(list: readonly T[], key: (x: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const x of list) out.set(key(x), (out.get(key(x)) ?? 0) + 1);
  return out;
}

/** The sum of 2-decimal amounts, in cents (no float rounding). */
export const sumOf = (values: readonly string[]): string => {
  const cents = values.reduce((s, v) => s + Math.round(Number(v) * 100), 0);
  return (cents / 100).toFixed(2);
};

export type Item = Record<string, unknown>;

/** The result route as a role, and report bodies over the fixture (`live` gives the test's app). */
export function reportCalls(live: () => { t: TestApp; fx: Fixture; tokens: Record<string, string> }) {
  const result = (body: ReportQueryRequest, role = 'buyer') =>
    call<ReportResult>(live().t.app, 'POST', '/api/reporting/query/result', {
      token: live().tokens[role],
      body,
    });
  const items = async (body: ReportQueryRequest, role = 'buyer'): Promise<Item[]> => {
    const res = await result(body, role);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const user = (aggregation: ReportQueryRequest['aggregation'], model = 'order'): ReportQueryRequest => ({
    name: 'Compiler',
    model,
    tr: { _id: 'all' },
    params: { filters: { description: live().fx.tag } },
    aggregation,
  });
  const pipeline = (stages: unknown[], model = 'order'): ReportQueryRequest => ({
    ...user({ pipeline: JSON.stringify(stages) }, model),
    type: 'system-query',
  });
  return { result, items, user, pipeline };
}

/** {key value: metric value} of result items. */
export const counts = (list: Item[], key: string, value = 'count') =>
  Object.fromEntries(list.map((i) => [String(i[key]), i[value]]));
