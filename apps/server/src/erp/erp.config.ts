import { parseConditionMap, type ConditionMap } from './sap/sap-entities.ts';
import type { ErpOrgUnits } from './erp.payload.ts';

/**
 * The ERP connection from the environment: ERP_URL, ERP_USER, ERP_PASSWORD, ERP_CLIENT (sap-client),
 * ERP_CONDITIONS (our price condition = the ERP's condition type, comma list), the organisational
 * units (ERP_COMPANY_CODE, ERP_PURCHASING_ORG, ERP_PURCHASING_GROUP, ERP_PLANT). Without ERP_URL the
 * demo runs the SAP-shaped simulator on loopback (ERP_SIM_PORT, default any free port).
 */
export interface ErpEnv {
  url: string | null;
  user: string;
  password: string;
  client: string;
  conditions: ConditionMap;
  org: ErpOrgUnits;
  simulatorPort: number;
  /** senders per server instance */
  concurrency: number;
  /** how long a claimed message stays with its worker before another instance may take it over */
  leaseMs: number;
  /** the first retry wait (doubling per attempt); the demo simulator retries faster */
  backoffMs: number;
  /** minutes between scheduled imports (ERP_IMPORT_MINUTES); 0 is off. A real ERP: hourly by default */
  importMinutes: number;
}

export const DEFAULT_ORG_UNITS: ErpOrgUnits = {
  companyCode: '1010',
  purchasingOrganization: '1010',
  purchasingGroup: '001',
  plant: '1010',
};

export function erpEnvFrom(source: NodeJS.ProcessEnv): ErpEnv {
  const url = source.ERP_URL || null;
  if (url && (!source.ERP_USER || !source.ERP_PASSWORD || !source.ERP_CLIENT))
    throw new Error('ERP_URL needs ERP_USER, ERP_PASSWORD and ERP_CLIENT (the sap-client).');
  if (url && !/^https?:\/\//.test(url)) throw new Error(`ERP_URL must be an http(s) address, got '${url}'`);
  return {
    url,
    user: source.ERP_USER || 'P2P_SIM',
    password: source.ERP_PASSWORD || 'sim-' + process.pid,
    client: source.ERP_CLIENT || '100',
    conditions: parseConditionMap(source.ERP_CONDITIONS),
    org: {
      companyCode: source.ERP_COMPANY_CODE || DEFAULT_ORG_UNITS.companyCode,
      purchasingOrganization: source.ERP_PURCHASING_ORG || DEFAULT_ORG_UNITS.purchasingOrganization,
      purchasingGroup: source.ERP_PURCHASING_GROUP || DEFAULT_ORG_UNITS.purchasingGroup,
      plant: source.ERP_PLANT || DEFAULT_ORG_UNITS.plant,
    },
    simulatorPort: Number(source.ERP_SIM_PORT || 0),
    concurrency: Math.max(1, Number(source.ERP_CONCURRENCY || 5)),
    leaseMs: Math.max(1000, Number(source.ERP_LEASE_MS || 60_000)),
    backoffMs: Math.max(10, Number(source.ERP_BACKOFF_MS || (url ? 2_000 : 250))),
    importMinutes: Math.max(0, Number(source.ERP_IMPORT_MINUTES ?? (url ? 60 : 0)) || 0),
  };
}

/** Credentials never leave the server: payloads and answers shown in the monitor pass through here. */
export function maskCredentials<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value ?? null, (k, v: unknown) =>
      /password|secret|token|authorization|cookie/i.test(k) && typeof v === 'string' ? '***' : v,
    ),
  ) as T;
}
