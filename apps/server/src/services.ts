import { fieldsHiddenByRole } from '@p2p/domain';
import { approvalEffect } from './approvals/approval.effect.ts';
import { approvalService } from './approvals/approval.service.ts';
import { activityService } from './activity/activity.service.ts';
import { auditService } from './audit/audit.service.ts';
import { authService } from './auth/auth.service.ts';
import { supplierRegistrationService } from './auth/supplier-registration.service.ts';
import { noteFileRule } from './communication/note-file.rule.ts';
import { noteService } from './communication/note.service.ts';
import { chatWidgetService } from './chat/chat-widget.service.ts';
import { chatService } from './chat/chat.service.ts';
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
import { photoService } from './profile/photo.service.ts';
import { profileService } from './profile/profile.service.ts';
import { referenceService } from './reference/reference.service.ts';
import { reportingService } from './reporting/report.service.ts';
import { searchService } from './search/search.service.ts';
import { receivingEffect } from './receiving/receiving.effects.ts';
import { receivingService } from './receiving/receiving.service.ts';
import { evaluationEffects } from './evaluations/evaluation.effects.ts';
import { evaluationService } from './evaluations/evaluation.service.ts';
import { sourcingEffects } from './sourcing/sourcing.effects.ts';

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
  // approvals open and decide the approval of requisitions, orders and contracts (they need the door)
  effects.push(approvalEffect(documents.access));
  // sourcing: a requisition's RFx, the invited suppliers' proposals, the award's order or contract
  effects.push(...sourcingEffects());
  // receiving: receptions checked against their order, received on its lines, reversed; then the
  // evaluations a posted receipt or a contract in force makes due
  effects.push(receivingEffect(), ...evaluationEffects());
  // file bytes live in a directory (FILE_DIR, default DATA_DIR/files), never in the database; the
  // notes say whether a supplier reads a file that came with a note
  const files = fileService(db, {
    storage: directoryFileStorage(opts.fileDir, db),
    access: documents.access,
    mayRead: noteFileRule(db),
  });
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
    approvals: approvalService(db, documents, effects),
    // recent activity, chats and photos (activity/, chat/, profile/photo.*)
    activity: activityService(db, documents.access),
    chat: chatService(db, documents.access),
    chatWidget: chatWidgetService(db),
    photos: photoService(db, files),
    files,
    // notes on documents, the message box (communication/)
    notes: noteService(db, { access: documents.access, files }),
    // dispatches and goods receipts from an order (receiving/), evaluations that fall due (evaluations/)
    receiving: receivingService(db, documents.access),
    evaluations: evaluationService(db),
    // reports: compiled to SQL over the documents the access door scopes (reporting/)
    reporting: reportingService(db, documents.access, { kind: opts.dialect ?? 'pglite' }),
  };
}

export type Services = ReturnType<typeof createServices>;
