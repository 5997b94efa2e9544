import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, sessionCache } from '../src/auth/session-cache.ts';
import type { AuthContext } from '../src/auth/auth-context.ts';

const ctx = (tokenHash: string, userId: string) =>
  ({ tokenHash, domainId: 'acme', user: { _id: userId, groups: [{ _id: 'g1' }] } }) as unknown as AuthContext;

describe('session cache', () => {
  it('keeps a resolved token for the TTL at most, and never past the session expiry', () => {
    const now = 1_000_000;
    sessionCache.set(ctx('h1', 'u1'), new Date(now + 3_600_000), now);
    expect(sessionCache.get('h1', now + SESSION_CACHE_TTL_MS - 1)?.user._id).toBe('u1');
    expect(sessionCache.get('h1', now + SESSION_CACHE_TTL_MS)).toBeUndefined();
    sessionCache.set(ctx('h2', 'u2'), new Date(now + 1_000), now);
    expect(sessionCache.get('h2', now + 999)).toBeDefined();
    expect(sessionCache.get('h2', now + 1_000)).toBeUndefined();
  });

  it('forgets a token on sign-out and every token of a user whose record changed', () => {
    const until = new Date(Date.now() + 3_600_000);
    sessionCache.set(ctx('a', 'u1'), until);
    sessionCache.set(ctx('b', 'u1'), until);
    sessionCache.set(ctx('c', 'u2'), until);
    sessionCache.forgetToken('a');
    expect(sessionCache.get('a')).toBeUndefined();
    sessionCache.forgetUser('u1');
    expect(sessionCache.get('b')).toBeUndefined();
    expect(sessionCache.get('c')?.user._id).toBe('u2');
  });

  it('hands out a frozen context, so no request can change what another one sees', () => {
    sessionCache.set(ctx('f', 'u3'), new Date(Date.now() + 60_000));
    const cached = sessionCache.get('f')!;
    expect(() => {
      (cached.user.groups as Array<{ _id: string }>).push({ _id: 'g2' });
    }).toThrow(TypeError);
  });
});
