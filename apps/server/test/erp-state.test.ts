import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpWorker } from '../src/erp/erp.worker.ts';
import type { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { erpRig } from './erp-rig.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { orderFlow } from './order-flow.ts';

/**
 * Seed 000 section 3: the document answers its ERP record as `_state.erp` (queued, then the
 * attempts and the ERP's answer), and `_state.alertCancel {ts, user}` when a person takes it out of
 * the ERP flow while the ERP may already hold it; not when nothing was sent.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let worker: ErpWorker;
const tokens = new Map<string, string>();
const token = async (u: string) =>
  tokens.get(u) ?? (tokens.set(u, (await signIn(t.app, u)).token), tokens.get(u)!);
const flow = orderFlow(() => t.app, token);

type WithState = DocumentResponse & {
  _state: DocumentResponse['_state'] & {
    erp?: Record<string, unknown>;
    alertCancel?: { ts: string; user: { _id: string; name: string } };
  };
};

beforeAll(async () => {
  t = await createTestApp();
  // a long first wait: a failed attempt stays queued while the test acts
  ({ sim, worker } = await erpRig(t, { backoffMs: 60_000, maxBackoffMs: 60_000 }));
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const read = async (id: string) =>
  (await call<WithState>(t.app, 'GET', `/api/purchasing/order/${id}`, { token: await token('buyer') })).body;

async function inErp(description: string): Promise<DocumentResponse> {
  let doc = await flow.newOrder(description);
  doc = await flow.move('buyer', doc, 'submit-approval');
  doc = await flow.move('manager', doc, 'approve');
  return flow.move('buyer', doc, 'workflow', { to: 'erp' });
}

describe('_state.erp and alertCancel', () => {
  it('_state.erp: queued, then done with the attempts and the ERP answer', async () => {
    const doc = await inErp('State erp');
    expect((await read(doc._id))._state.erp).toMatchObject({ status: 'queued', attempts: 0 });
    await worker.tick();
    const after = await read(doc._id);
    expect(after._state.current).toBe('erp-done');
    expect(after._state.erp).toMatchObject({ status: 'done', attempts: 1, answer: { key: after.key } });
    expect(after._state.alertCancel).toBeUndefined();
  });

  /** The order's latest monitor message after one attempt under a fault, cancelled by the operator. */
  async function cancelAfter(fault: 'dropAfterCommit' | 'unavailable', description: string) {
    const doc = await inErp(description);
    sim.store.faults[fault] = 1;
    await worker.tick();
    const [msg] = (
      await call<{ items: Array<{ _id: string; status: string; document: { _id: string } | null }> }>(
        t.app,
        'GET',
        '/api/ihub/tracking/order',
        { token: await token('ihub-operator') },
      )
    ).body.items.filter((m) => m.document?._id === doc._id);
    expect(msg?.status).toBe('queued');
    const cancelled = await call<{ status: string }>(t.app, 'POST', `/api/ihub/message/${msg!._id}/cancel`, {
      token: await token('ihub-operator'),
    });
    expect(cancelled.body.status).toBe('cancelled');
    return read(doc._id);
  }

  it('alertCancel: the operator cancels a send whose outcome is unknown (the ERP may hold the order)', async () => {
    const doc = await cancelAfter('dropAfterCommit', 'State alert cancel');
    const operator = await signIn(t.app, 'ihub-operator');
    expect(doc._state).toMatchObject({
      current: 'erp',
      alertCancel: {
        ts: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        user: { _id: operator.user._id, name: operator.user.name },
      },
    });
  });

  it('no alertCancel when the ERP refused the attempt before doing anything (503)', async () => {
    const doc = await cancelAfter('unavailable', 'State no alert');
    expect(doc._state.current).toBe('erp');
    expect(doc._state.alertCancel).toBeUndefined();
  });
});
