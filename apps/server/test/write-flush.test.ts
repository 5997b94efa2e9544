import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The embedded database's answers to writes wait for its flush to disk (db/durability.ts); a POST
 * that stores nothing does not (it would walk the whole data directory for nothing).
 */
describe('flush before the answer to a write', () => {
  let t: TestApp;
  let flushes = 0;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      flush: async () => {
        flushes++;
      },
    });
    ({ token } = await signIn(t.app, 'buyer'));
  });
  afterAll(() => t?.close());

  const counted = async (run: () => Promise<{ status: number }>, status = 200) => {
    const before = flushes;
    expect((await run()).status).toBe(status);
    return flushes - before;
  };

  it('flushes before answering a write that stores something', async () => {
    const list = await call<{ items: Array<{ _id: string }> }>(t.app, 'GET', '/api/purchasing/order', {
      token,
    });
    const id = list.body.items[0]!._id;
    expect(await counted(() => call(t.app, 'POST', `/api/purchasing/order/${id}/favorite`, { token }))).toBe(
      1,
    );
  });

  it('does not flush for reads, nor for POSTs that store nothing', async () => {
    expect(await counted(() => call(t.app, 'GET', '/api/profile/user/me', { token }))).toBe(0);
    expect(await counted(() => call(t.app, 'POST', '/api/notifications/stream-token', { token }))).toBe(0);
    const body = { doc: { subtype: 'P001' }, currency: 'EUR', lines: [] };
    expect(
      await counted(() => call(t.app, 'POST', '/api/automation/approval-dry-run/order', { token, body })),
    ).toBe(0);
    expect(
      await counted(() =>
        call(t.app, 'POST', '/api/config/formGroupFields', { token, body: ['order.delivery'] }),
      ),
    ).toBe(0);
  });
});
