import type { Notification } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOrder(domainId: string) {
  return t.conn.db
    .selectFrom('documents')
    .select(['id', 'key'])
    .where('domain_id', '=', domainId)
    .where('model', '=', 'order')
    .where('key', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('notification links open their document', () => {
  it('a link naming the document number is served with the id the form route opens', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const order = await anOrder('acme');
    // a number another tenant uses and this one does not
    const foreign = await t.conn.db
      .selectFrom('documents as g')
      .select(['g.model', 'g.key'])
      .where('g.domain_id', '=', 'globex')
      .where('g.key', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('documents as a')
              .select('a.id')
              .where('a.domain_id', '=', 'acme')
              .whereRef('a.model', '=', 'g.model')
              .whereRef('a.key', '=', 'g.key'),
          ),
        ),
      )
      .executeTakeFirst();
    const insert = (link: string, text: string) =>
      t.conn.db
        .insertInto('notifications')
        .values({ domain_id: 'acme', user_id: buyer.user._id, text, link, icon: null, read: false })
        .execute();
    await insert(`/order/${order.key}`, 'by number');
    await insert(`/order/${order.id}`, 'by id');
    await insert('/order/NO-SUCH-NUMBER', 'unknown');
    if (foreign) await insert(`/${foreign.model}/${foreign.key}`, 'another tenant number');
    await insert('/account/registrations', 'not a document');

    const res = await call<Notification[]>(t.app, 'GET', '/api/communication/notifications', {
      token: buyer.token,
    });
    expect(res.status).toBe(200);
    const linkOf = (text: string) => res.body.find((n) => n.text === text)?.link;
    expect(linkOf('by number')).toBe(`/order/${order.id}`);
    expect(linkOf('by id')).toBe(`/order/${order.id}`);
    expect(linkOf('unknown')).toBe('/order/NO-SUCH-NUMBER');
    // numbers of another tenant are never looked up there
    if (foreign) expect(linkOf('another tenant number')).toBe(`/${foreign.model}/${foreign.key}`);
    expect(linkOf('not a document')).toBe('/account/registrations');

    // the link opens the document through the API the form uses
    const opened = await call<{ _id: string; key: string }>(
      t.app,
      'GET',
      `/api${linkOf('by number')!.replace('/order/', '/purchasing/order/')}`,
      { token: buyer.token },
    );
    expect(opened.status).toBe(200);
    expect(String(opened.body._id)).toBe(String(order.id));
  });

  it('every demo notification with a document link points at an id', async () => {
    for (const username of ['buyer', 'requester', 'manager-supplier']) {
      const { token } = await signIn(t.app, username);
      const res = await call<Notification[]>(t.app, 'GET', '/api/communication/notifications', { token });
      for (const n of res.body) {
        const m = n.link ? /^\/(order|requisition|contract|reception)\/([^/]+)$/.exec(n.link) : null;
        if (!m) continue;
        const exists = await t.conn.db
          .selectFrom('documents')
          .select('id')
          .where('model', '=', m[1]!)
          .where('key', '=', m[2]!)
          .executeTakeFirst();
        // a number that names a demo document must have been turned into its id
        expect(exists, `${username}: ${n.link}`).toBeUndefined();
      }
    }
  });
});
