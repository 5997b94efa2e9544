import { FIXED_ROUTES, type HelpDoc, type NavItem, type RouteConfig } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The help document of a path as the web app's help button asks for it (its first segment). */
const docOf = (path: string) =>
  (path.split('/').filter(Boolean)[0] ?? 'home').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const help = (token: string, lang: string, doc: string) =>
  call<HelpDoc>(t.app, 'GET', `/api/config/help/${lang}/${doc}`, { token });

// fixed routes that are not screens of their own (the read view names its model; sign-in pages
// have no help button; map, frame and offline are covered by the manual)
const NOT_SCREENS = new Set(['signin', 'signup', 'forgot-password', 'offline', 'read', 'frame', 'map']);

describe('context help', () => {
  it('every list and form route of the configuration has its own help in en and pt', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const routes = await call<{ routes: RouteConfig[] }>(t.app, 'GET', '/api/config/routes/en', { token });
    const docs = new Set(routes.body.routes.map((r) => docOf(r.path)));
    for (const r of FIXED_ROUTES) if (!NOT_SCREENS.has(r.name)) docs.add(docOf(r.path));
    expect(docs.has('order')).toBe(true);
    for (const doc of docs)
      for (const lang of ['en', 'pt']) {
        const res = await help(token, lang, doc);
        expect(res.status, `${lang}/${doc}`).toBe(200);
        expect(res.body.doc, `${lang}/${doc} has its own document`).toBe(doc);
        expect(res.body.content.length, `${lang}/${doc}`).toBeGreaterThan(150);
      }
    const pt = await help(token, 'pt', 'order');
    expect(pt.body.topic).toBe('Encomendas');
    expect(pt.body.content).toContain('O formulário');
  });

  it('a topic without help answers the manual, never 404', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const res = await help(token, 'pt', 'dashboard-that-does-not-exist');
    expect(res.status).toBe(200);
    expect(res.body.doc).toBe('manual');
    expect(res.body.topic).toBe('Manual do utilizador');
  });

  it('lists each document once: never the manual twice, never the document itself', async () => {
    const { token } = await signIn(t.app, 'buyer');
    for (const doc of ['help', 'manual', 'order', 'home', 'signin']) {
      const res = await help(token, 'en', doc);
      const urls = res.body.links.map((l) => l.url);
      expect(urls, doc).not.toContain(res.body.manualUrl);
      expect(urls, doc).not.toContain(`/help/${doc}`);
      expect(new Set(urls).size, doc).toBe(urls.length);
    }
  });

  it('suppliers get the reduced help: their screens, the manual without internal topics', async () => {
    const { token } = await signIn(t.app, 'supplier');
    const order = await help(token, 'en', 'order');
    expect(order.body.doc).toBe('order');
    expect(order.body.content).toContain('For suppliers');
    // the related requisition help is internal: not linked for a supplier
    expect(order.body.links.map((l) => l.url)).not.toContain('/help/requisition');
    for (const doc of ['requisition', 'approval', 'audit', 'admin']) {
      const res = await help(token, 'en', doc);
      expect(res.body.doc, doc).toBe('manual');
    }
    const manual = await help(token, 'en', 'manual');
    expect(manual.body.content).toContain('/help/order');
    expect(manual.body.content).not.toContain('/help/requisition');
    expect(manual.body.content).not.toContain('/help/audit');
    // a group whose topics are all internal leaves no empty heading behind
    expect(manual.body.content).not.toContain('Evaluations');
  });

  it('the menu carries the app pages for their roles only', async () => {
    const nav = async (username: string) => {
      const { token } = await signIn(t.app, username);
      const res = await call<NavItem[]>(t.app, 'GET', '/api/config/navigation/en', { token });
      const flat = (items: NavItem[]): string[] =>
        items.flatMap((i) => [i.to ?? '', ...flat(i.children ?? []), ...flat(i.next ?? [])]);
      return flat(res.body);
    };
    const admin = await nav('admin');
    expect(admin).toContain('/admin');
    expect(admin).toContain('/account/registrations');
    const manager = await nav('manager-supplier');
    expect(manager).toContain('/account/registrations');
    expect(manager).not.toContain('/admin');
    const buyer = await nav('buyer');
    expect(buyer).not.toContain('/admin');
    expect(buyer).not.toContain('/account/registrations');
  });
});
