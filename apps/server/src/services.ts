import { fieldsHiddenByRole } from '@p2p/domain';
import { auditService } from './audit/audit.service.ts';
import { authService } from './auth/auth.service.ts';
import { supplierRegistrationService } from './auth/supplier-registration.service.ts';
import { configService, type ConfigOptions } from './config/config.service.ts';
import { helpService } from './config/help.service.ts';
import type { DatabaseKind, Db } from './db/database.ts';
import { documentService } from './documents/document.service.ts';
import type { WorkflowEffect } from './documents/document.workflow-effects.ts';
import { favoriteService } from './favorites/favorite.service.ts';
import { fileService } from './files/file.service.ts';
import { directoryFileStorage } from './files/file.storage.ts';
import { notificationEvents } from './notifications/notification.events.ts';
import { notificationService } from './notifications/notification.service.ts';
import { orderPdfService } from './pdf/order-pdf.service.ts';
import { profileService } from './profile/profile.service.ts';
import { referenceService } from './reference/reference.service.ts';
import { searchService } from './search/search.service.ts';

/** Every service, wired once per app instance from the database and options. */
export function createServices(
  db: Db,
  opts: ConfigOptions & {
    tokenTtlHours: number;
    fileDir: string;
    /** the live notification events: NOTIFY/LISTEN on PostgreSQL (needs the address), else in-process */
    dialect?: DatabaseKind;
    databaseUrl?: string | null;
  },
) {
  const auth = authService(db, { tokenTtlHours: opts.tokenTtlHours });
  // each feature's part in workflow moves, run in this order inside the move's transaction
  const effects: WorkflowEffect[] = [];
  const documents = documentService(db, { effects });
  return {
    auth,
    supplierRegistrations: supplierRegistrationService(db, auth),
    config: configService(db, opts),
    help: helpService(),
    profile: profileService(db, auth),
    notifications: notificationService(db),
    notificationEvents: notificationEvents(db, {
      kind: opts.dialect ?? 'pglite',
      databaseUrl: opts.databaseUrl,
    }),
    documents,
    orderPdf: orderPdfService(db, documents.access),
    search: searchService(db, documents.access),
    // an auditor reads no field of a document that its role may not read
    audit: auditService(db, async (auth, model) => {
      const config = await documents.access.modelConfig(auth, model);
      return fieldsHiddenByRole([...config.form.fields, ...config.list.fields], auth.user);
    }),
    reference: referenceService(db),
    favorites: favoriteService(db, documents.access),
    // file bytes live in a directory (FILE_DIR, default DATA_DIR/files), never in the database
    files: fileService(db, { storage: directoryFileStorage(opts.fileDir, db), access: documents.access }),
  };
}

export type Services = ReturnType<typeof createServices>;
