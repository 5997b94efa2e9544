import { fieldsHiddenByRole } from '@p2p/domain';
import { approvalEffect } from './approvals/approval.effect.ts';
import { approvalService } from './approvals/approval.service.ts';
import { activityService } from './activity/activity.service.ts';
import { auditService } from './audit/audit.service.ts';
import { authService } from './auth/auth.service.ts';
import { passwordLinkService } from './auth/password-link.service.ts';
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
import { createMapService } from './map/map.factory.ts';
import { calendarService } from './calendar/calendar.service.ts';
import type { MapEnv } from './config/env.ts';
import { DEFAULT_MAIL_FROM, mailService } from './mail/mail.service.ts';
import { fileService } from './files/file.service.ts';
import { directoryFileStorage } from './files/file.storage.ts';
import { notificationEvents } from './notifications/notification.events.ts';
import { notificationService } from './notifications/notification.service.ts';
import { orderPdfService } from './pdf/order-pdf.service.ts';
import { photoService } from './profile/photo.service.ts';
import { profileService } from './profile/profile.service.ts';
import { referenceService } from './reference/reference.service.ts';
import { reportingService } from './reporting/report.service.ts';
import { dashboardService } from './dashboard/dashboard.service.ts';
import { searchService } from './search/search.service.ts';
import { receivingEffect } from './receiving/receiving.effects.ts';
import { receivingService } from './receiving/receiving.service.ts';
import { evaluationEffects } from './evaluations/evaluation.effects.ts';
import { evaluationService } from './evaluations/evaluation.service.ts';
import { sourcingEffects } from './sourcing/sourcing.effects.ts';
import { DEFAULT_ORG_UNITS } from './erp/erp.config.ts';
import { erpEffect } from './erp/erp.effect.ts';
import type { ErpOrgUnits } from './erp/erp.payload.ts';
import type { ErpConnector } from './erp/erp.connector.ts';
import { erpService } from './erp/erp.service.ts';

/** Every service, wired once per app instance from the database and options. */
export function createServices(
  db: Db,
  opts: ConfigOptions & {
    tokenTtlHours: number;
    fileDir: string;
    /** the live notification events: NOTIFY/LISTEN on PostgreSQL (needs the address), else in-process */
    dialect?: DatabaseKind;
    databaseUrl?: string | null;
    /** outgoing mail (mail/): SMTP_URL, MAIL_FROM; unset: not configured */
    smtpUrl?: string | null;
    mailFrom?: string;
    /** APP_URL: the address in mailed links (password links) */
    appUrl?: string | null;
    onMailError?: (err: unknown) => void;
    /** the delivery map's providers (map/): TILE_URL, OSRM_URL, GEOCODER_URL; unset: off */
    map?: MapEnv;
    /** the ERP's organisational units for the payloads (erp/) */
    erpOrg?: ErpOrgUnits;
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
  // the ERP integration: a move to erp queues its outbox message in the move's transaction (erp/)
  effects.push(erpEffect(opts.erpOrg ?? DEFAULT_ORG_UNITS));
  // where the ERP worker sends; main.ts says so once it has started one
  const erpLink: {
    mode: 'erp' | 'simulator' | 'off';
    describe: string;
    target?: string;
    connector?: ErpConnector;
  } = {
    mode: 'off',
    describe: 'No ERP worker runs in this process: documents wait in erp.',
  };
  // file bytes live in a directory (FILE_DIR, default DATA_DIR/files), never in the database; the
  // notes say whether a supplier reads a file that came with a note
  const files = fileService(db, {
    storage: directoryFileStorage(opts.fileDir, db),
    access: documents.access,
    mayRead: noteFileRule(db),
  });
  const mail = mailService({ smtpUrl: opts.smtpUrl ?? null, from: opts.mailFrom ?? DEFAULT_MAIL_FROM });
  const reporting = reportingService(db, documents.access, { kind: opts.dialect ?? 'pglite' });
  // password links: forgot password, the link check, links an administrator makes (auth/)
  const passwordLinks = passwordLinkService(db, {
    auth,
    mail,
    appUrl: opts.appUrl ?? null,
    ...(opts.onMailError ? { onMailError: opts.onMailError } : {}),
  });
  return {
    auth,
    mail,
    passwordLinks,
    // the delivery map: markers in the caller's document scope, tiles, routes, places (map/)
    map: createMapService(db, documents.access, opts.map, mail),
    // the calendar's events, read through each model's list scope (calendar/)
    calendar: calendarService(db, documents.access),
    supplierRegistrations: supplierRegistrationService(db, auth, mail, passwordLinks),
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
    reporting,
    // the users' dashboards: role defaults from the reporting service's figures (dashboard/)
    dashboards: dashboardService(db, reporting),
    // the integration monitor over the ERP outbox (erp/)
    erpLink,
    erp: erpService(db, () => erpLink),
  };
}

export type Services = ReturnType<typeof createServices>;
