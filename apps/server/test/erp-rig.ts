import { erpWorker } from '../src/erp/erp.worker.ts';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import type { TestApp } from './helpers.ts';

/**
 * The ERP tests' rig: the SAP-shaped simulator on a loopback port, the SAP connector to it, and an
 * outbox worker moving documents through the test app's own workflow (the worker's waits given).
 */
export async function erpRig(t: TestApp, waits: { backoffMs: number; maxBackoffMs: number }) {
  const sim = await buildErpSimulator({ user: 'P2P', password: 'secret-pw', client: '100' });
  const url = await sim.listen({ port: 0, host: '127.0.0.1' });
  const connector = sapConnector({
    url,
    user: 'P2P',
    password: 'secret-pw',
    client: '100',
    timeoutMs: 5_000,
  });
  const worker = erpWorker(
    t.conn.db,
    connector,
    (auth, model, id, body) => t.app.services.documents.transition(auth, model, id, body),
    waits,
  );
  return { sim, worker };
}
