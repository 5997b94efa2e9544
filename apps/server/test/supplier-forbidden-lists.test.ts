import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a list a supplier may not see', () => {
  it('answers not-found (not an empty list, not a 403 naming the model) to a supplier', async () => {
    for (const username of ['supplier', 'supplier-user']) {
      const { token } = await signIn(t.app, username);
      for (const model of ['requisition', 'approval', 'purchase-rfx', 'order-evaluation']) {
        for (const path of [`/api/purchasing/${model}`, `/api/purchasing/${model}/trash`]) {
          const res = await call(t.app, 'GET', `${path}?c=1`, { token });
          expect(res.status, `${username} ${path}`).toBe(404);
          expect(errorOf(res.body).message).not.toContain(model);
        }
      }
      // its own lists stay lists
      expect((await call(t.app, 'GET', '/api/purchasing/order', { token })).status).toBe(200);
    }
  });

  it('an internal user without the model keeps the 403 of the policy', async () => {
    // (ihub roles no longer serve here: they see only their monitor, and 404 on every list)
    const { token } = await signIn(t.app, 'requester');
    const res = await call(t.app, 'GET', '/api/purchasing/purchase-rfx', { token });
    expect([403, 200]).toContain(res.status);
    expect(res.status).not.toBe(404);
  });
});
