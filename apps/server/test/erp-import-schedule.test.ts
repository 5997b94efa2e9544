import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpConnector } from '../src/erp/erp.connector.ts';
import { claimScheduledImport, scheduledImport, type ScheduleOptions } from '../src/erp/erp.schedule.ts';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The scheduled import runs once per period across server instances (an advisory lock around the
 * claim of a tenant's run, and the run's marker): two instances ticking at the same moment import
 * each tenant once; a tick within the period imports nothing; the next period imports again; a
 * run whose instance died is taken over once it is stale.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  sim = await buildErpSimulator({ user: 'P2P', password: 'secret-pw', client: '100', seed: true });
  url = await sim.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

/** One server instance: its own connector to the ERP, counting the lists it asked for. */
function instance(name: string) {
  const real = sapConnector({ url, user: 'P2P', password: 'secret-pw', client: '100', timeoutMs: 10_000 });
  const lists: string[] = [];
  const connector: ErpConnector = {
    ...real,
    describe: real.describe,
    listSuppliers: (size) => (lists.push('suppliers'), real.listSuppliers(size)),
    listMaterials: (size) => (lists.push('materials'), real.listMaterials(size)),
    listDocuments: (kind, size) => (lists.push(kind), real.listDocuments(kind, size)),
  };
  const tick = (at: Date) => {
    const opts: ScheduleOptions = { everyMs: HOUR, instance: name, now: () => at };
    return scheduledImport(t.conn.db, connector, opts);
  };
  return { lists, tick };
}

const HOUR = 3_600_000;
const start = new Date('2026-11-28T10:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

const inbound = async () =>
  (
    await t.conn.db
      .selectFrom('erp_outbox' as never)
      .select(['interface' as never])
      .where('domain_id' as never, '=', 'acme' as never)
      .where('direction' as never, '=', 'in' as never)
      .execute()
  ).length;

let contractsBefore = 0;
const importedContracts = () =>
  t.conn.db
    .selectFrom('documents')
    .select('id')
    .where('domain_id', '=', 'acme')
    .where('model', '=', 'contract')
    .where('subtype', '=', 'C004')
    .execute();

describe('the scheduled import across instances', () => {
  it('two instances ticking together import each tenant once', async () => {
    contractsBefore = (await importedContracts()).length;
    const a = instance('instance-a');
    const b = instance('instance-b');
    const [doneA, doneB] = await Promise.all([a.tick(start), b.tick(start)]);
    // every tenant was claimed by exactly one of them
    const claimed = [...doneA.keys(), ...doneB.keys()];
    expect(claimed).toContain('acme');
    expect(new Set(claimed).size).toBe(claimed.length);
    const acme = doneA.get('acme') ?? doneB.get('acme')!;
    expect(acme.contracts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(acme.orders).toEqual({ created: 2, updated: 0, unchanged: 0 });
    // the ERP was asked once per kind and importing tenant (one with a system user), not per instance
    const importing = await t.conn.db
      .selectFrom('users')
      .select('domain_id')
      .distinct()
      .where('username', 'in', ['system', 'admin'])
      .execute();
    expect(a.lists.length + b.lists.length).toBe(4 * importing.length);
    expect(await inbound()).toBe(4);
    expect(await importedContracts()).toHaveLength(contractsBefore + 1);
  });

  it('a tick within the period imports nothing; the next period imports again', async () => {
    const a = instance('instance-a');
    const b = instance('instance-b');
    const [soonA, soonB] = await Promise.all([a.tick(later(10 * 60_000)), b.tick(later(20 * 60_000))]);
    expect([soonA.size, soonB.size, a.lists.length + b.lists.length]).toEqual([0, 0, 0]);
    expect(await inbound()).toBe(4);

    const [nextA, nextB] = await Promise.all([a.tick(later(HOUR)), b.tick(later(HOUR))]);
    const acme = nextA.get('acme') ?? nextB.get('acme')!;
    expect(acme.contracts).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(Number(nextA.has('acme')) + Number(nextB.has('acme'))).toBe(1);
    expect(await inbound()).toBe(8);
    expect(await importedContracts()).toHaveLength(contractsBefore + 1);
  });

  it('a run that never finished is left alone while it may still run, then taken over', async () => {
    const opts = (instance: string, at: Date): ScheduleOptions => ({
      everyMs: HOUR,
      instance,
      now: () => at,
    });
    // instance c claims and dies before the end (no finish written)
    expect(await claimScheduledImport(t.conn.db, 'acme', opts('instance-c', later(3 * HOUR)))).toBe(true);
    // a full period later it might still be importing: nobody else starts
    expect(await claimScheduledImport(t.conn.db, 'acme', opts('instance-a', later(4 * HOUR)))).toBe(false);
    // four periods (at least an hour) later it is stale: the next instance takes it over
    expect(await claimScheduledImport(t.conn.db, 'acme', opts('instance-a', later(7 * HOUR)))).toBe(true);
  });
});
