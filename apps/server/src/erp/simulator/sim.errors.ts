import { randomBytes } from 'node:crypto';

/** SAP Gateway's OData v2 error document, as S/4HANA writes it (including the BUSI exception). */
export interface SimDetail {
  code: string;
  message: string;
  target?: string;
  severity?: 'error' | 'warning' | 'info';
}

export interface SimAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14) + '.' + '1234560';

export function sapError(
  status: number,
  service: string,
  code: string,
  message: string,
  details: SimDetail[] = [],
): SimAnswer {
  const all = details.length
    ? [
        ...details.map((d) => ({
          code: d.code,
          message: d.message,
          propertyref: '',
          severity: d.severity ?? 'error',
          target: d.target ?? '',
        })),
        {
          code: '/IWBEP/CX_MGW_BUSI_EXCEPTION',
          message: message,
          propertyref: '',
          severity: 'error',
          target: '',
        },
      ]
    : [];
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: {
      error: {
        code,
        message: { lang: 'en', value: message },
        innererror: {
          application: {
            component_id: 'MM-PUR',
            service_namespace: '/SAP/',
            service_id: service,
            service_version: '0001',
          },
          transactionid: randomBytes(16).toString('hex').toUpperCase(),
          timestamp: stamp(),
          Error_Resolution: {
            SAP_Transaction:
              'For backend administrators: use ADT feed reader "SAP Gateway Error Log" or run transaction /IWFND/ERROR_LOG on SAP Gateway hub system and search for entries with the timestamp above for more details',
            SAP_Note:
              'See SAP Note 1797736 for error analysis (https://service.sap.com/sap/support/notes/1797736)',
          },
          errordetails: all,
        },
      },
    },
  };
}
