import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { App } from '../app.ts';
import type { AppEnv } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { sapConnector } from './sap/sap-connector.ts';
import { erpWorker } from './erp.worker.ts';
import { scheduledImport } from './erp.schedule.ts';

/**
 * Starts this instance's share of the ERP work (main.ts): the SAP connector at ERP_URL, or in demo
 * mode the simulator on loopback (a separate Fastify app, loaded only here, never with ERP_URL).
 * Without ERP_URL and without demo data nothing is sent and /admin and the monitor say so.
 */
export async function startErp(app: App, db: Db, env: AppEnv): Promise<{ stop: () => Promise<void> }> {
  const erp = env.erp;
  if (!erp) return { stop: async () => {} };
  let url = erp.url;
  let closeSimulator: (() => Promise<void>) | null = null;
  if (!url) {
    if (!env.demo) {
      app.services.erpLink.describe = 'No ERP_URL configured and demo mode is off: documents wait in erp.';
      return { stop: async () => {} };
    }
    const { buildErpSimulator } = await import('./simulator/sim.app.ts');
    // seeded with contracts and orders made in the ERP, for the demo's import
    const sim = await buildErpSimulator({
      user: erp.user,
      password: erp.password,
      client: erp.client,
      seed: true,
    });
    url = await sim.listen({ port: erp.simulatorPort, host: '127.0.0.1' });
    closeSimulator = () => sim.close();
    app.services.erpLink.mode = 'simulator';
    app.services.erpLink.describe = `Demo mode: the SAP-shaped simulator at ${url} (no ERP_URL configured).`;
    app.services.erpLink.target = url;
  } else {
    app.services.erpLink.mode = 'erp';
    app.services.erpLink.describe = `SAP S/4HANA at ${url} (client ${erp.client})`;
    app.services.erpLink.target = `${url} (sap-client ${erp.client})`;
  }
  const connector = sapConnector({
    url,
    user: erp.user,
    password: erp.password,
    client: erp.client,
    conditions: erp.conditions,
  });
  const worker = erpWorker(
    db,
    connector,
    (auth, model, id, body) => app.services.documents.transition(auth, model, id, body),
    {
      concurrency: erp.concurrency,
      leaseMs: erp.leaseMs,
      backoffMs: erp.backoffMs,
      // a real ERP: waits up to 5 minutes between attempts; the demo simulator: up to 4 seconds
      maxBackoffMs: erp.url ? 300_000 : 4_000,
      log: (msg, err) => app.log.warn({ err }, msg),
    },
  );
  worker.start();
  app.services.erpLink.connector = connector;
  app.log.info(`ERP: ${app.services.erpLink.describe}`);
  // every instance ticks; each tenant's run is claimed by one of them (erp.schedule.ts)
  const schedule = {
    everyMs: erp.importMinutes * 60_000,
    instance: `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    log: (msg: string, detail: Record<string, unknown>) =>
      detail.err ? app.log.warn(detail, msg) : app.log.info(detail, msg),
  };
  const importTimer = erp.importMinutes
    ? setInterval(
        () =>
          void scheduledImport(db, connector, schedule).catch((err: unknown) =>
            app.log.warn({ err }, 'ERP import schedule failed'),
          ),
        schedule.everyMs,
      )
    : null;
  importTimer?.unref();
  return {
    stop: async () => {
      if (importTimer) clearInterval(importTimer);
      await worker.stop();
      await closeSimulator?.();
    },
  };
}
