import {
  encodeContext,
  type SessionUser,
  type UserConfigResponse,
  type UserGroupsResponse,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../src/db/database.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('groups and organization', () => {
  it("lists the user's groups, the domain's tree and the group options", async () => {
    const { token } = await signIn(t.app, 'buyer');
    const res = await call<UserGroupsResponse>(t.app, 'GET', '/api/profile/user/groups', { token });
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g) => g.name).sort()).toEqual([
      'IT Services',
      'Maintenance Porto',
      'Purchasing Lisboa',
    ]);
    const [portugal, spain, shared] = res.body.organization;
    expect(portugal?.label).toBe('Acme Portugal');
    expect(portugal?.type).toBe('company');
    expect(portugal?.children?.map((c) => c.label)).toEqual(['Lisboa Plant', 'Porto Plant']);
    expect(spain?.children?.map((c) => c.label)).toEqual(['Madrid Plant']);
    expect(shared?.children).toBeUndefined();
    expect(portugal?.group._id).toBeTruthy();
    expect(res.body.options.map((o) => o.key)).toEqual([
      'all',
      'contracts-managed',
      'all-groups',
      'created-by-me',
    ]);
  });

  it('offers My Plants to the director (filterData with a plant filter)', async () => {
    const { token } = await signIn(t.app, 'director');
    const res = await call<UserGroupsResponse>(t.app, 'GET', '/api/profile/user/groups', { token });
    expect(res.body.options.map((o) => o.key)).toContain('my-plants');
  });

  it("shows another domain's tree to its users only", async () => {
    const { token } = await signIn(t.app, 'buyer', 'globex');
    const res = await call<UserGroupsResponse>(t.app, 'GET', '/api/profile/user/groups', { token });
    expect(res.body.organization.map((n) => n.label)).toEqual(['Globex Americas', 'Globex Germany']);
  });

  it("answers a group's filter, 404 for a group of another domain", async () => {
    const acme = await signIn(t.app, 'buyer');
    const globex = await signIn(t.app, 'buyer', 'globex');
    const lisboa = acme.user.groups.find((g) => g.name === 'Purchasing Lisboa')!;
    const res = await call<{ filter: { plant?: string[] } }>(
      t.app,
      'GET',
      `/api/profile/group/${lisboa._id}`,
      { token: acme.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.filter.plant).toEqual(['pt-lisboa']);
    const other = await call(t.app, 'GET', `/api/profile/group/${lisboa._id}`, { token: globex.token });
    expect(other.status).toBe(404);
    errorOf(other.body);
  });
});

describe('user config', () => {
  it('switches group and keeps it across sessions', async () => {
    const { token, user } = await signIn(t.app, 'buyer');
    const porto = user.groups.find((g) => g.name === 'Maintenance Porto')!;
    const res = await call<UserConfigResponse>(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: porto._id, active: 'group' }, lang: 'pt' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.group?._id).toBe(porto._id);
    expect(res.body.user.lang).toBe('pt');
    const again = await signIn(t.app, 'buyer');
    expect(again.user.context.group).toBe(porto._id);
    expect(again.user.group?.name).toBe('Maintenance Porto');
  });

  it('a switch of group is seen at once by the same token (the cached session is forgotten)', async () => {
    const { token, user } = await signIn(t.app, 'buyer');
    for (const name of ['Maintenance Porto', 'Purchasing Lisboa']) {
      const group = user.groups.find((g) => g.name === name)!;
      const saved = await call(t.app, 'POST', '/api/profile/user/config', {
        token,
        body: { context: { group: group._id, active: 'group' } },
      });
      expect(saved.status).toBe(200);
      // a new requisition takes the caller's current group as its default
      const created = await call<{ group: { _id: string } | null }>(
        t.app,
        'POST',
        '/api/purchasing/requisition',
        {
          token,
          body: { doc: { subtype: 'R001' }, description: `In ${name}` },
        },
      );
      expect(created.status).toBe(200);
      expect(created.body.group?._id).toBe(group._id);
    }
  });

  it('selects a plant of the organization tree', async () => {
    const { token } = await signIn(t.app, 'manager');
    const groups = await call<UserGroupsResponse>(t.app, 'GET', '/api/profile/user/groups', { token });
    const madrid = groups.body.organization[1]!.children![0]!;
    const res = await call<UserConfigResponse>(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: madrid.group._id, plant: madrid.key, active: 'organization' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.context).toEqual({
      group: madrid.group._id,
      plant: 'es-madrid',
      active: 'organization',
    });
    // The header shows the picked node even though it is none of the user's own groups.
    expect(res.body.user.group?.name).toMatch(/Madrid|Spain/);
  });

  it("accepts a group-list option such as 'All' as the working group", async () => {
    const { token } = await signIn(t.app, 'buyer');
    const res = await call<UserConfigResponse>(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: 'all', active: 'group' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.group).toEqual({ _id: 'all', key: 'all', name: 'All' });
    const requester = await signIn(t.app, 'requester');
    const refused = await call(t.app, 'POST', '/api/profile/user/config', {
      token: requester.token,
      body: { context: { group: 'all', active: 'group' } },
    });
    expect(refused.status).toBe(400);
  });

  it("'Created by me' is a null group", async () => {
    const { token } = await signIn(t.app, 'requester');
    const res = await call<UserConfigResponse>(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: null, active: 'group' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.group).toBeNull();
  });

  it('rejects an unknown group or plant with 400', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const globex = await signIn(t.app, 'buyer', 'globex');
    const foreign = globex.user.groups[0]!._id;
    const res = await call(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: foreign, plant: 'us-springfield' } },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors.map((e) => e.field)).toEqual(['context.group', 'context.plant']);
  });

  it('rejects a language other than en and pt', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const res = await call(t.app, 'POST', '/api/profile/user/config', { token, body: { lang: 'fr' } });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors[0]?.field).toBe('lang');
  });

  it('forbids suppliers to switch group but lets them change language', async () => {
    const { token } = await signIn(t.app, 'supplier');
    const res = await call(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { context: { group: null } },
    });
    expect(res.status).toBe(403);
    errorOf(res.body);
    const lang = await call<UserConfigResponse>(t.app, 'POST', '/api/profile/user/config', {
      token,
      body: { lang: 'pt' },
    });
    expect(lang.status).toBe(200);
    expect(lang.body.user.lang).toBe('pt');
  });

  it('reads the context header on every call without failing on junk', async () => {
    const { token } = await signIn(t.app, 'auditor');
    for (const value of [encodeContext({ group: 'x', plant: 'pt-lisboa' }), 'not base64 !!']) {
      const res = await call<SessionUser>(t.app, 'GET', '/api/profile/user/me', {
        token,
        headers: { 'x-p2p-context': value },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('home', () => {
  it('has no redirect by default, one when the user setting carries it, and is private', async () => {
    const { token, user } = await signIn(t.app, 'auditor');
    const plain = await call(t.app, 'GET', `/api/profile/user/home/${user._id}?ts=1`, { token });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({});
    await t.conn.db
      .updateTable('users')
      .set({ settings: json({ homeRedirect: '/order' }) })
      .where('id', '=', user._id)
      .execute();
    const withRedirect = await call(t.app, 'GET', `/api/profile/user/home/${user._id}`, { token });
    expect(withRedirect.body).toEqual({ redirect: '/order' });
    const other = await signIn(t.app, 'buyer');
    expect((await call(t.app, 'GET', `/api/profile/user/home/${other.user._id}`, { token })).status).toBe(
      403,
    );
  });
});
