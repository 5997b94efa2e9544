import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from '../src/lib/lazy-child-logger.ts';
import { loggerOptions } from '../src/lib/logger-options.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

type Line = { level: number; msg: string; reqId?: string; user?: { token?: string } };

describe("a request's logger", () => {
  function parentLogger(level: string) {
    const lines: Line[] = [];
    const options = loggerOptions({
      logLevel: level,
      logDestination: { write: (l) => void lines.push(JSON.parse(l)) },
    });
    const app = Fastify({ logger: options || false });
    return { log: app.log, lines };
  }

  it('makes its child only when a message is written, once, with the bindings and the redaction', () => {
    const { log, lines } = parentLogger('warn');
    const made = vi.spyOn(log, 'child');
    const logger = lazyChildLoggerFactory(log, { reqId: 'req-1' }, {});
    logger.info('not written at warn');
    logger.debug({ token: 'secret' }, 'nor this');
    expect(made).not.toHaveBeenCalled();
    expect(logger.level).toBe('warn');
    logger.warn({ user: { token: 'secret' } }, 'written');
    logger.error('and this');
    expect(made).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.msg, l.reqId, l.user?.token])).toEqual([
      ['written', 'req-1', '[redacted]'],
      ['and this', 'req-1', undefined],
    ]);
  });

  it("keeps a route's own level and a level set later", () => {
    const { log, lines } = parentLogger('warn');
    const verbose = lazyChildLoggerFactory(log, { reqId: 'req-2' }, { level: 'debug' });
    verbose.debug('a route at debug');
    const quiet = lazyChildLoggerFactory(log, { reqId: 'req-3' }, {});
    quiet.level = 'error';
    quiet.warn('below its new level');
    quiet.error('at its level');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['a route at debug', 'req-2'],
      ['at its level', 'req-3'],
    ]);
  });
});

describe('request logs of the app', () => {
  const lines: Line[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { logLevel: 'info', logDestination: { write: (l) => void lines.push(JSON.parse(l)) } },
    });
  });
  afterAll(() => t?.close());

  it('name each request by its own id, from its first line to its last', async () => {
    const { token } = await signIn(t.app, 'buyer');
    lines.length = 0;
    expect((await call(t.app, 'GET', '/api/purchasing/order', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/purchasing/no-such-model', { token })).status).toBe(404);
    const byRequest = new Map<string, string[]>();
    for (const l of lines) byRequest.set(l.reqId ?? '', [...(byRequest.get(l.reqId ?? '') ?? []), l.msg]);
    expect([...byRequest.keys()].every(Boolean)).toBe(true);
    expect([...byRequest.values()]).toEqual([
      ['incoming request', 'request completed'],
      ['incoming request', 'request completed'],
    ]);
  });
});
