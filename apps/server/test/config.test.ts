import {
  MESSAGES,
  PUBLIC_ROUTES,
  type AppConfig,
  type HelpDoc,
  type NavItem,
  type RouteConfig,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { externalLoginUrl: 'https://sso.example.com/login' } });
});
afterAll(() => t.close());

describe('app configuration', () => {
  it('is public and carries flags, domains, routes and public routes', async () => {
    const res = await call<AppConfig>(t.app, 'GET', '/api/config/app/en');
    expect(res.status).toBe(200);
    const cfg = res.body;
    expect(cfg.flags).toEqual({
      notifications: true,
      assistant: true,
      reload: true,
      domain: true,
      chat: false,
    });
    expect(cfg.languages).toEqual(['en', 'pt']);
    expect(cfg.defaultLang).toBe('en');
    expect(cfg.maintenance).toBe(false);
    expect(cfg.externalLoginUrl).toBe('https://sso.example.com/login');
    expect(cfg.publicRoutes).toEqual([...PUBLIC_ROUTES]);
    expect(cfg.domains).toEqual([
      { id: 'acme', name: 'Acme Industries', theme: 'lara-light-blue', logo: '/logos/acme.svg' },
      { id: 'globex', name: 'Globex Corporation', theme: 'lara-light-teal', logo: '/logos/globex.svg' },
    ]);
    expect(cfg.routes.find((r) => r.name === 'requisition')).toEqual({
      path: '/requisition',
      name: 'requisition',
      view: 'model',
      meta: { model: 'requisition', form: true, nav: 'purchasing' },
    });
    expect(typeof cfg.version).toBe('string');
    expect(cfg.offline).toBeNull();
  });

  it('flags are data: a changed setting shows up', async () => {
    await t.conn.db
      .updateTable('app_settings')
      .set({
        value: JSON.stringify({
          notifications: true,
          assistant: false,
          reload: true,
          domain: true,
          chat: true,
        }),
      })
      .where('key', '=', 'flags')
      .execute();
    const res = await call<AppConfig>(t.app, 'GET', '/api/config/app/pt');
    expect(res.body.flags.assistant).toBe(false);
    expect(res.body.flags.chat).toBe(true);
  });

  it('the routes poll target is public', async () => {
    const res = await call<{ routes: RouteConfig[] }>(t.app, 'GET', '/api/config/routes/en');
    expect(res.status).toBe(200);
    expect(res.body.routes.length).toBeGreaterThan(5);
  });

  it('maintenance mode empties the routes', async () => {
    const m = await createTestApp({ env: { maintenance: true } });
    try {
      const res = await call<AppConfig>(m.app, 'GET', '/api/config/app/en');
      expect(res.body.maintenance).toBe(true);
      expect(res.body.routes).toEqual([]);
      const poll = await call<{ routes: RouteConfig[] }>(m.app, 'GET', '/api/config/routes/en');
      expect(poll.body.routes).toEqual([]);
    } finally {
      await m.close();
    }
  });
});

describe('navigation', () => {
  it('gives the buyer a two-level localised tree', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const en = await call<NavItem[]>(t.app, 'GET', '/api/config/navigation/en', { token });
    expect(en.status).toBe(200);
    const purchasing = en.body.find((i) => i.label === 'Purchasing');
    expect(purchasing?.children?.map((c) => c.label)).toEqual([
      'Requisitions',
      'Orders',
      'Contracts',
      'Suppliers',
    ]);
    const receptions = en.body.find((i) => i.label === 'Receptions');
    expect(receptions?.children?.find((c) => c.next)?.next?.length).toBeGreaterThan(0);
    const pt = await call<NavItem[]>(t.app, 'GET', '/api/config/navigation/pt', { token });
    expect(pt.body.map((i) => i.label)).toContain('Compras');
  });

  it('gives suppliers and ihub roles no sidebar', async () => {
    for (const username of ['supplier', 'ihub-operator']) {
      const { token } = await signIn(t.app, username);
      const res = await call(t.app, 'GET', '/api/config/navigation/en', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'GET', '/api/config/navigation/en');
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe(MESSAGES.tokenInvalid);
  });
});

describe('help', () => {
  it('serves real help with the exact title', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const res = await call<HelpDoc>(t.app, 'GET', '/api/config/help/en/group', { token });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('P2P online help');
    expect(res.body.title).toBe(MESSAGES.helpTitle);
    expect(res.body.topic).toBe('Group and plant');
    expect(res.body.manualUrl).toBe('/help/manual');
    expect(res.body.content).toContain('Keep working in');
    expect(res.body.links.length).toBeGreaterThan(0);
    const pt = await call<HelpDoc>(t.app, 'GET', '/api/config/help/pt/home', { token });
    expect(pt.body.title).toBe('Ajuda online P2P');
    expect(pt.body.content).toContain('página inicial');
  });

  it('has every documented screen in both languages', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const docs = [
      'home',
      'signin',
      'account',
      'group',
      'navigation',
      'notifications',
      'supplier-registration',
      'set-password',
      'help',
      'manual',
    ];
    for (const lang of ['en', 'pt']) {
      for (const doc of docs) {
        const res = await call<HelpDoc>(t.app, 'GET', `/api/config/help/${lang}/${doc}`, { token });
        expect(res.status, `${lang}/${doc}`).toBe(200);
        expect(res.body.content.length).toBeGreaterThan(100);
      }
    }
  });

  it('gives suppliers reduced help', async () => {
    const { token } = await signIn(t.app, 'supplier');
    for (const doc of ['group', 'navigation']) {
      // an internal topic answers the supplier's manual instead (help-links.test.ts)
      const res = await call<HelpDoc>(t.app, 'GET', `/api/config/help/en/${doc}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.doc).toBe('manual');
    }
    const home = await call<HelpDoc>(t.app, 'GET', '/api/config/help/en/home', { token });
    expect(home.status).toBe(200);
    expect(home.body.links.map((l) => l.url)).not.toContain('/help/group');
    expect(home.body.links.map((l) => l.url)).not.toContain('/help/navigation');
    const manual = await call<HelpDoc>(t.app, 'GET', '/api/config/help/en/manual', { token });
    expect(manual.body.content).not.toContain('/help/group');
    expect(manual.body.content).toContain('/help/notifications');
  });

  it('answers the manual for an unknown document', async () => {
    const { token } = await signIn(t.app, 'buyer');
    for (const doc of ['nope', 'constructor']) {
      const res = await call<HelpDoc>(t.app, 'GET', `/api/config/help/en/${doc}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.doc).toBe('manual');
    }
    expect((await call(t.app, 'GET', '/api/config/help/en/..%2Fsecret', { token })).status).toBe(400);
  });
});
