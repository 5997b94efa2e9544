import type { OrgNodeList } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The organization tree one level at a time (issue 10, seed 001 section 7 `{childrenUrl}/{nodeId}`):
 * the supplier model's plants field loads the companies, then a company's plants when it is opened;
 * a plant answers [] (a leaf); another tenant's node does not exist for the caller.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const level = async (user: string, path = '', domain?: string) => {
  const { token } = await signIn(t.app, user, domain);
  return call<OrgNodeList>(t.app, 'GET', `/api/profile/organization/nodes${path}`, { token });
};

describe('GET /profile/organization/nodes', () => {
  it('answers the top level without children, then a node’s children, and [] for a leaf', async () => {
    const roots = await level('buyer');
    expect(roots.status).toBe(200);
    expect(roots.body.map((n) => [n.key, n.type, n.label])).toEqual([
      ['acme-pt', 'company', 'Acme Portugal'],
      ['acme-es', 'company', 'Acme Spain'],
      ['acme-shared', 'company', 'Acme Shared Services'],
    ]);
    expect(roots.body.every((n) => !('children' in n) && n.group._id)).toBe(true);

    const plants = await level('buyer', '/acme-pt');
    expect(plants.status).toBe(200);
    expect(plants.body.map((n) => [n.key, n.type])).toEqual([
      ['pt-lisboa', 'plant'],
      ['pt-porto', 'plant'],
    ]);
    expect((await level('buyer', '/pt-lisboa')).body).toEqual([]);
    expect((await level('buyer', '/acme-shared')).body).toEqual([]);
  });

  it('keeps to the caller’s tenant: another tenant’s node is not found', async () => {
    expect((await level('buyer', '/globex-americas')).status).toBe(404);
    expect((await level('buyer', '/no-such-node')).status).toBe(404);
    const globex = await level('buyer', '', 'globex');
    expect(globex.status).toBe(200);
    expect(globex.body.map((n) => n.key)).toEqual(['globex-americas', 'globex-de']);
    expect((await level('buyer', '/acme-pt', 'globex')).status).toBe(404);
  });
});
