/** Every message of the server in every language, by stable key ('document.subtype-required'). */
import { ACCOUNT_MESSAGES } from './messages-account.ts';
import { FILE_CHECK_MESSAGES } from './messages-file-checks.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';
import { COMMON_MESSAGES } from './messages-common.ts';
import { DOCUMENT_MESSAGES } from './messages-documents.ts';
import { DASHBOARD_MESSAGES } from '../dashboard/messages.ts';
import { ERP_MESSAGES } from './messages-erp.ts';

export const MESSAGE_CATALOGUE = {
  ...COMMON_MESSAGES,
  ...DOCUMENT_MESSAGES,
  ...DASHBOARD_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...FILE_CHECK_MESSAGES,
  ...ERP_MESSAGES,
} as const satisfies Record<string, CatalogueEntry>;
export type MessageKey = keyof typeof MESSAGE_CATALOGUE;

/** The area catalogues, for the check that no key is given twice (a spread would keep the last). */
export const MESSAGE_AREAS: ReadonlyArray<Readonly<Record<string, CatalogueEntry>>> = [
  COMMON_MESSAGES,
  DOCUMENT_MESSAGES,
  DASHBOARD_MESSAGES,
  ACCOUNT_MESSAGES,
  FILE_CHECK_MESSAGES,
  ERP_MESSAGES,
];
