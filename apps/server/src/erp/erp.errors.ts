/**
 * What can go wrong when we talk to the ERP, typed so the outbox knows what to do:
 * - transient: try again later (network, timeout, 5xx, 429); `unknownOutcome` when the request may
 *   have been committed (a create whose answer never came): the retry looks the document up by its
 *   external reference before creating it again;
 * - business: the ERP refused the content; the document goes to erp-fail with these messages;
 * - conflict: the ERP's copy changed under us (412 stale ETag, 428 missing If-Match, 409).
 */

/** One message of the ERP mapped to our error shape: a field and, for item messages, the line. */
export interface ErpMessage {
  code: string;
  message: string;
  field: string | null;
  /** our line position (SAP's item number: 10, 20, ...) */
  line: { pos: number } | null;
  severity: 'error' | 'warning' | 'info';
  /** the ERP's own name of the field (SAP property), when ours differs */
  erpField?: string;
}

export type ErpErrorKind = 'transient' | 'business' | 'conflict';

export class ErpError extends Error {
  constructor(
    readonly kind: ErpErrorKind,
    message: string,
    readonly details: ErpMessage[] = [],
    readonly status: number | null = null,
    readonly unknownOutcome = false,
  ) {
    super(message);
    this.name = 'ErpError';
  }
}

export const transientError = (message: string, status: number | null = null, unknownOutcome = false) =>
  new ErpError('transient', message, [], status, unknownOutcome);
export const businessError = (message: string, details: ErpMessage[], status: number | null = null) =>
  new ErpError('business', message, details, status);
export const conflictError = (message: string, status: number | null = null) =>
  new ErpError('conflict', message, [], status);

export const isErpError = (e: unknown): e is ErpError => e instanceof ErpError;
