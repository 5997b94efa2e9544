import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { readBatch, writeBatch, type HttpMessage } from '../sap/odata-batch.ts';
import { handleEntity, type SimRequest } from './sim.entities.ts';
import { sapError, type SimAnswer } from './sim.errors.ts';
import { simStore, type SimStore } from './sim.store.ts';

/**
 * An SAP-shaped ERP for the demo and the tests (never a code path of production): SAP Gateway's
 * paths (/sap/opu/odata/sap/<SERVICE>/...), basic credentials and `sap-client`, CSRF tokens bound
 * to the session cookie (403 "CSRF token validation failed" with `x-csrf-token: Required`),
 * ETags, `$batch` with atomic changesets, SAP number ranges, v2 error documents and injected
 * faults (latency, 503, a connection dropped after the commit). Control under /__sim (tests, demo).
 */
export interface SimOptions {
  user: string;
  password: string;
  client: string;
  store?: SimStore;
  /** start with the contracts and orders made in the ERP itself (the demo: something to import) */
  seed?: boolean;
}

const PREFIX = '/sap/opu/odata/sap/';
const COOKIE = 'SAP_SESSIONID_SIM_';

export async function buildErpSimulator(opts: SimOptions): Promise<FastifyInstance & { store: SimStore }> {
  const store = opts.store ?? simStore();
  if (opts.seed) store.seedDocuments();
  const tokens = new Map<string, string>(); // session id -> csrf token
  const app = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024 });
  app.addContentTypeParser(/^multipart\/mixed/, { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.decorate('store', store);

  app.post('/__sim/faults', async (req) => Object.assign(store.faults, req.body as object));
  app.post('/__sim/reset', async () => (store.reset(), tokens.clear(), { ok: true }));
  app.post('/__sim/expire-tokens', async () => (tokens.clear(), { ok: true }));
  app.get('/__sim/count/:set', async (req) => {
    const q = req.query as { prop?: string; value?: string };
    const set = (req.params as { set: string }).set;
    return { count: q.prop ? store.where(set, q.prop, q.value ?? '').length : store.set(set).size };
  });

  app.all(`${PREFIX}*`, async (req, reply) => {
    const url = new URL(req.url, 'http://sim');
    const rest = url.pathname.slice(PREFIX.length);
    const slash = rest.indexOf('/');
    const service = slash < 0 ? rest : rest.slice(0, slash);
    const path = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1));
    const send = (a: SimAnswer) => {
      reply.code(a.status).headers({ 'content-type': 'application/json', ...a.headers });
      return a.body === undefined
        ? reply.send()
        : reply.send(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    };
    while (store.faults.hold) await new Promise((r) => setTimeout(r, 20));
    if (store.faults.latencyMs) await new Promise((r) => setTimeout(r, store.faults.latencyMs));
    if (store.faults.unavailable > 0) {
      store.faults.unavailable -= 1;
      return send({
        status: 503,
        headers: { 'content-type': 'text/html' },
        body: '<html><body>Service unavailable</body></html>',
      });
    }
    const basic = 'Basic ' + Buffer.from(`${opts.user}:${opts.password}`).toString('base64');
    if (req.headers.authorization !== basic || url.searchParams.get('sap-client') !== opts.client)
      return send({
        status: 401,
        headers: {
          'www-authenticate': 'Basic realm="SAP NetWeaver Application Server [SIM/' + opts.client + ']"',
          'content-type': 'text/html',
        },
        body: '<html><body>Logon failed</body></html>',
      });

    const sid = /SAP_SESSIONID_SIM_=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
    if (req.method === 'GET' && String(req.headers['x-csrf-token'] ?? '').toLowerCase() === 'fetch') {
      const session = sid ?? randomBytes(12).toString('hex');
      const token = randomBytes(16).toString('base64');
      tokens.set(session, token);
      reply.header('set-cookie', `${COOKIE}=${session}; path=/; HttpOnly`);
      reply.header('x-csrf-token', token);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const wanted = sid ? tokens.get(sid) : undefined;
      if (!wanted || req.headers['x-csrf-token'] !== wanted)
        return send({
          status: 403,
          headers: { 'x-csrf-token': 'Required', 'content-type': 'text/plain' },
          body: 'CSRF token validation failed',
        });
    }
    if (path === '' || path === '$metadata') return send({ status: 200, body: { d: { EntitySets: [] } } });

    if (path === '$batch' && req.method === 'POST')
      return send(batch(store, service, String(req.body), String(req.headers['content-type'])));

    const answer = handleEntity(store, {
      service,
      method: req.method,
      path,
      query: url.searchParams,
      headers: req.headers as SimRequest['headers'],
      body: req.body,
    });
    if (answer.status === 201 && store.faults.dropAfterCommit > 0) {
      // committed, but the caller never hears it: the retry must find it by reference
      store.faults.dropAfterCommit -= 1;
      req.raw.socket.destroy();
      return reply.hijack();
    }
    return send(answer);
  });
  return app as unknown as FastifyInstance & { store: SimStore };
}

/** $batch: reads answer one by one; a changeset commits whole or answers its first error alone. */
function batch(store: SimStore, service: string, body: string, contentType: string): SimAnswer {
  let parts;
  try {
    parts = readBatch(body, contentType);
  } catch (err) {
    return sapError(400, service, '/IWBEP/CM_MGW_RT/004', (err as Error).message);
  }
  const run = (m: HttpMessage): SimAnswer => {
    const u = new URL(m.url ?? '', 'http://sim/');
    return handleEntity(store, {
      service,
      method: m.method ?? 'GET',
      path: decodeURIComponent(u.pathname.slice(1)),
      query: u.searchParams,
      headers: m.headers,
      body: m.body ? JSON.parse(m.body) : undefined,
    });
  };
  const asHttp = (a: SimAnswer): HttpMessage => ({
    status: a.status,
    headers: { 'content-type': 'application/json', ...a.headers },
    body: a.body === undefined ? '' : JSON.stringify(a.body),
  });
  const out = parts.map((part) => {
    if (!('changeset' in part)) return asHttp(run(part));
    const snapshot = new Map([
      ...[
        'A_PurchaseOrder',
        'A_PurchaseRequisitionHeader',
        'A_PurchaseContract',
        'A_MaterialDocumentHeader',
      ].map((s) => [s, new Map(store.set(s))] as const),
    ]);
    const answers: SimAnswer[] = [];
    for (const m of part.changeset) {
      const a = run(m);
      if (a.status >= 400) {
        // roll the changeset back: the whole unit fails with this one error
        for (const [name, rows] of snapshot) {
          const live = store.set(name);
          live.clear();
          for (const [k, v] of rows) live.set(k, v);
        }
        return asHttp(a);
      }
      answers.push(a);
    }
    return { changeset: answers.map(asHttp) };
  });
  const written = writeBatch(out, 'batchresponse');
  return { status: 202, headers: { 'content-type': written.contentType }, body: written.body };
}
