import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as documents from './0002-documents.ts';
import * as reference from './0003-reference.ts';
import * as documentMessages from './0004-document-messages.ts';
import * as lookupIndexes from './0005-lookup-indexes.ts';
import * as listIndexes from './0006-list-indexes.ts';
import * as files from './0007-files.ts';
import * as documentSearch from './0008-document-search.ts';
import * as userPlaces from './0009-user-places.ts';
import * as documentConfidentiality from './0014-document-confidentiality.ts';
import * as auditTrail from './0013-audit-trail.ts';
import * as signInThrottle from './0010-sign-in-throttle.ts';
import * as fileStorage from './0011-file-storage.ts';
import * as textLimits from './0012-text-limits.ts';
import * as approvals from './0015-approvals.ts';
import * as notes from './0016-notes.ts';
import * as receiving from './0018-receiving.ts';
import * as activityChatPhoto from './0019-activity-chat-photo.ts';
import * as reports from './0020-reports.ts';
import * as erpOutbox from './0024-erp-outbox.ts';
import * as unspsc from './0025-unspsc.ts';
import * as erpOutboxErrors from './0026-erp-outbox-errors.ts';
import * as reverseFail from './0027-reverse-fail.ts';
import * as documentSearchText from './0028-document-search-text.ts';
import * as documentsByState from './0029-documents-by-state.ts';
import * as dashboards from './0021-dashboards.ts';
import * as passwordReset from './0022-password-reset.ts';
import * as mapPlaces from './0023-map-places.ts';

/** Every migration, in order. Names sort by their numeric prefix; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-documents': documents,
  '0003-reference': reference,
  '0004-document-messages': documentMessages,
  '0005-lookup-indexes': lookupIndexes,
  '0006-list-indexes': listIndexes,
  '0007-files': files,
  '0008-document-search': documentSearch,
  '0009-user-places': userPlaces,
  '0014-document-confidentiality': documentConfidentiality,
  '0013-audit-trail': auditTrail,
  '0010-sign-in-throttle': signInThrottle,
  '0011-file-storage': fileStorage,
  '0012-text-limits': textLimits,
  '0015-approvals': approvals,
  '0016-notes': notes,
  '0018-receiving': receiving,
  '0019-activity-chat-photo': activityChatPhoto,
  '0020-reports': reports,
  '0021-dashboards': dashboards,
  '0022-password-reset': passwordReset,
  '0023-map-places': mapPlaces,
  '0024-erp-outbox': erpOutbox,
  '0025-unspsc': unspsc,
  '0026-erp-outbox-errors': erpOutboxErrors,
  '0027-reverse-fail': reverseFail,
  '0028-document-search-text': documentSearchText,
  '0029-documents-by-state': documentsByState,
};
