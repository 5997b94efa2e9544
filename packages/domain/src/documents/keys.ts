/**
 * Document keys (numbers). The server assigns them: a new document gets the next number of its
 * tenant and model, in a form that can never be taken for an ERP number (ten digits, isKeyed);
 * the ERP number replaces it only through the integration. A key is unique per tenant and model.
 */
import { isIhub, isSystemUser, type RoleHolder } from '../roles/roles.ts';

/** The prefix of the server's numbers per model; other models use their name's first letters. */
export const DOCUMENT_KEY_PREFIXES: Readonly<Record<string, string>> = {
  requisition: 'PR',
  contract: 'CT',
  order: 'PO',
  reception: 'GR',
  'contract-evaluation': 'CE',
  'order-evaluation': 'OE',
  complaint: 'CP',
  'purchase-rfx': 'RFX',
  'rfx-proposal': 'PRP',
  approval: 'AP',
  chat: 'CH',
  supplier: 'SUP',
};

/** The server's number `n` of a model: 'PO-000042'. */
export function internalDocumentKey(model: string, n: number | bigint | string): string {
  const prefix =
    DOCUMENT_KEY_PREFIXES[model] ??
    model
      .replace(/[^a-z]/gi, '')
      .slice(0, 3)
      .toUpperCase();
  return `${prefix}-${String(n).padStart(6, '0')}`;
}

/** Only the integration (ihub roles, the system user) writes a key: the ERP's number. */
export function canWriteDocumentKey(user: RoleHolder | null | undefined): boolean {
  return isIhub(user) || isSystemUser(user);
}
