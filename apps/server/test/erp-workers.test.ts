import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpConnector, ErpDocumentInput } from '../src/erp/erp.connector.ts';
import { erpOutboxRepository } from '../src/erp/erp-outbox.repository.ts';
import { erpWorker } from '../src/erp/erp.worker.ts';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Several server instances share the outbox (FOR UPDATE SKIP LOCKED and leases): two workers
 * draining one outbox of N messages send each message exactly once, and both take part.
 */
const N = 24;
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  sim = await buildErpSimulator({ user: 'P2P', password: 'secret-pw', client: '100' });
  url = await sim.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const order = (ref: string): ErpDocumentInput => ({
  kind: 'order',
  externalRef: ref,
  subtype: 'P001',
  supplier: '0000100001',
  currency: 'EUR',
  date: '2026-03-01',
  companyCode: '1010',
  purchasingOrganization: '1010',
  purchasingGroup: '001',
  lines: [
    {
      pos: 10,
      item: 'RM-SCREW-M8',
      description: 'Hex screw',
      quantity: '10',
      unit: 'PC',
      price: '0.08',
      plant: '1010',
      materialGroup: 'L004',
      conditions: [],
    },
  ],
});

/** An order's create message in the outbox, with no document behind it (the worker's transition is a no-op). */
const enqueueOrder = (ref: string) =>
  erpOutboxRepository(t.conn.db).enqueue({
    domainId: 'acme',
    documentId: null,
    model: 'order',
    iface: 'order.create',
    externalRef: ref,
    payload: order(ref),
  });

/** The real connector, counting the creates this worker's instance made. */
function countingConnector(): { connector: ErpConnector; creates: string[] } {
  const real = sapConnector({ url, user: 'P2P', password: 'secret-pw', client: '100', timeoutMs: 5_000 });
  const creates: string[] = [];
  return {
    creates,
    connector: {
      ...real,
      describe: real.describe,
      create: (input) => (creates.push(input.externalRef), real.create(input)),
    },
  };
}

describe('two workers share one outbox', () => {
  it(`${N} messages: each sent exactly once, both workers did some`, async () => {
    const refs = Array.from({ length: N }, (_, i) => `P2PW${1000 + i}`);
    for (const ref of refs) await enqueueOrder(ref);
    // a little latency per call, so neither worker drains the outbox before the other starts
    sim.store.faults.latencyMs = 15;
    const transition = async () => undefined;
    const a = countingConnector();
    const b = countingConnector();
    const workers = [a, b].map((c) =>
      erpWorker(t.conn.db, c.connector, transition, { concurrency: 3, pollMs: 20, backoffMs: 10 }),
    );
    for (const w of workers) w.start();
    const deadline = Date.now() + 60_000;
    const done = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from erp_outbox
            where status = 'done' and external_ref in (${sql.join(refs)})`.execute(t.conn.db)
        ).rows[0]!.n,
      );
    while ((await done()) < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(workers.map((w) => w.stop()));

    expect(await done()).toBe(N);
    for (const ref of refs)
      expect(sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', ref)).toHaveLength(1);
    // each message sent by one worker only, every message by somebody, and both took part
    expect([...a.creates, ...b.creates].sort()).toEqual([...refs].sort());
    expect(a.creates.length).toBeGreaterThan(0);
    expect(b.creates.length).toBeGreaterThan(0);
  });
});

describe('a send slower than the lease', () => {
  it('is not taken over by another sender while its worker lives: one attempt, one create', async () => {
    const ref = 'P2PSLOW1';
    await enqueueOrder(ref);
    // every ERP call takes four leases: without renewal the second sender claims it again
    sim.store.faults.latencyMs = 600;
    const c = countingConnector();
    const worker = erpWorker(t.conn.db, c.connector, async () => undefined, {
      concurrency: 2,
      pollMs: 20,
      leaseMs: 150,
    });
    worker.start();
    const row = async () =>
      (
        await sql<{ status: string; attempts: number }>`select status, attempts from erp_outbox
          where external_ref = ${ref}`.execute(t.conn.db)
      ).rows[0]!;
    const deadline = Date.now() + 30_000;
    while ((await row()).status !== 'done' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await worker.stop();
    sim.store.faults.latencyMs = 0;

    expect(await row()).toEqual({ status: 'done', attempts: 1 });
    expect(c.creates).toEqual([ref]);
    expect(sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', ref)).toHaveLength(1);
  });
});

describe('an idle worker', () => {
  it('claims once per poll, not once per sender', async () => {
    let queries = 0;
    const counted = t.conn.db.withPlugin({
      transformQuery: (args) => (queries++, args.node),
      transformResult: async (args) => args.result,
    });
    const c = countingConnector();
    const worker = erpWorker(counted, c.connector, async () => undefined, { concurrency: 5, pollMs: 40 });
    worker.start();
    await new Promise((r) => setTimeout(r, 800));
    await worker.stop();
    // the outbox is empty: each sender claims once as it starts, then one claim per poll (20 in
    // 800 ms); five senders each polling made 5 + 5 x 20
    expect(c.creates).toEqual([]);
    expect(queries).toBeGreaterThan(5);
    expect(queries).toBeLessThanOrEqual(5 + 20 + 2);
  });
});
