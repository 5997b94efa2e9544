/**
 * Notification texts in the reader's language (seed 000 section 3, Notification: text is html).
 * A notification is stored as a text key and its parameters; each reader gets it rendered in its
 * own language (the user's `lang`) when the list or the stream is read, so a change of language
 * changes the old notifications too. Parameters are plain text (escaped here) or one text per
 * language; the server sanitises the rendered HTML like any stored HTML.
 */
import type { Localized } from './kinds.ts';

export type NotificationLang = 'en' | 'pt';
export type NotificationParam = string | Localized;
export type NotificationParams = Readonly<Record<string, NotificationParam>>;

/**
 * `{name}` is a parameter. Portuguese agrees with the document's gender through `{o}` ('o' or 'a',
 * from DOCUMENT_NOUNS), so 'foi aprovad{o}' reads 'foi aprovada' for an encomenda.
 */
export const NOTIFICATION_TEXTS = {
  'document.submit-approval': {
    en: '<b>{title}</b> was submitted for approval.',
    pt: '<b>{title}</b> foi submetid{o} para aprovação.',
  },
  'document.approve': { en: '<b>{title}</b> was approved.', pt: '<b>{title}</b> foi aprovad{o}.' },
  'document.reject': { en: '<b>{title}</b> was rejected.', pt: '<b>{title}</b> foi rejeitad{o}.' },
  'document.confirm': { en: '<b>{title}</b> was confirmed.', pt: '<b>{title}</b> foi confirmad{o}.' },
  'document.confirm.supplier': {
    en: '<b>{title}</b> was confirmed by the supplier.',
    pt: '<b>{title}</b> foi confirmad{o} pelo fornecedor.',
  },
  'document.negotiate': {
    en: '<b>{title}</b> was sent back for negotiation.',
    pt: '<b>{title}</b> foi devolvid{o} para negociação.',
  },
  'document.negotiate.supplier': {
    en: '<b>{title}</b> was sent back for negotiation by the supplier.',
    pt: '<b>{title}</b> foi devolvid{o} para negociação pelo fornecedor.',
  },
  'document.close': { en: '<b>{title}</b> was closed.', pt: '<b>{title}</b> foi fechad{o}.' },
  'document.reopen': { en: '<b>{title}</b> was reopened.', pt: '<b>{title}</b> foi reabert{o}.' },
  'document.moved': {
    en: '<b>{title}</b> moved from {from} to {to}.',
    pt: '<b>{title}</b> passou de {from} para {to}.',
  },
  // for the features that notify on their own (approvals, notes): the same rendering per reader
  'approval.requested': {
    en: '<b>{title}</b> waits for your approval.',
    pt: '<b>{title}</b> aguarda a sua aprovação.',
  },
  'document.assigned': {
    en: '<b>{title}</b> was assigned to you.',
    pt: '<b>{title}</b> foi-lhe atribuíd{o}.',
  },
  'note.new': { en: '<b>{title}</b>: new note.', pt: '<b>{title}</b>: nova nota.' },
  'chat.created': {
    en: '{author} started a chat about <b>{title}</b>: {subject}',
    pt: '{author} iniciou uma conversa sobre <b>{title}</b>: {subject}',
  },
  'chat.message': {
    en: '{author} wrote in the chat about <b>{title}</b>.',
    pt: '{author} escreveu na conversa sobre <b>{title}</b>.',
  },
} as const satisfies Record<string, Localized>;

export type NotificationTextKey = keyof typeof NOTIFICATION_TEXTS;

export const isNotificationTextKey = (key: unknown): key is NotificationTextKey =>
  typeof key === 'string' && Object.hasOwn(NOTIFICATION_TEXTS, key);

/** One document in words: its noun in each language and the Portuguese gender ending. */
export const DOCUMENT_NOUNS: Readonly<Record<string, { en: string; pt: string; o: 'o' | 'a' }>> = {
  requisition: { en: 'Requisition', pt: 'Requisição', o: 'a' },
  contract: { en: 'Contract', pt: 'Contrato', o: 'o' },
  order: { en: 'Order', pt: 'Encomenda', o: 'a' },
  reception: { en: 'Reception', pt: 'Receção', o: 'a' },
  'contract-evaluation': { en: 'Contract evaluation', pt: 'Avaliação de contrato', o: 'a' },
  'order-evaluation': { en: 'Order evaluation', pt: 'Avaliação de encomenda', o: 'a' },
  complaint: { en: 'Complaint', pt: 'Reclamação', o: 'a' },
  'purchase-rfx': { en: 'RFx', pt: 'Consulta (RFx)', o: 'a' },
  supplier: { en: 'Supplier record', pt: 'Ficha de fornecedor', o: 'a' },
};

/** The workflow states in words; a state not listed shows its name. */
export const STATE_NAMES: Readonly<Record<string, Localized>> = {
  created: { en: 'Created', pt: 'Criado' },
  updated: { en: 'Updated', pt: 'Atualizado' },
  deleted: { en: 'Deleted', pt: 'Eliminado' },
  rejected: { en: 'Rejected', pt: 'Rejeitado' },
  'erp-fail': { en: 'ERP failure', pt: 'Falha no ERP' },
  'erp-done': { en: 'In the ERP', pt: 'No ERP' },
  erp: { en: 'Sent to the ERP', pt: 'Enviado para o ERP' },
  approval: { en: 'Approval', pt: 'Aprovação' },
  approved: { en: 'Approved', pt: 'Aprovado' },
  completed: { en: 'Completed', pt: 'Concluído' },
  closed: { en: 'Closed', pt: 'Fechado' },
  archived: { en: 'Archived', pt: 'Arquivado' },
  rfq: { en: 'Request for quotation', pt: 'Pedido de cotação' },
  'rfq-rejected': { en: 'Quotation rejected', pt: 'Cotação rejeitada' },
  negotiation: { en: 'Negotiation', pt: 'Negociação' },
  expired: { en: 'Expired', pt: 'Expirado' },
};

/** The title and gender parameters of a document: 'Order PO-000123' / 'Encomenda PO-000123'. */
export function documentParams(
  model: string,
  key: string | null | undefined,
): { title: Localized; o: Localized } {
  const noun = DOCUMENT_NOUNS[model] ?? { en: model, pt: model, o: 'o' as const };
  const suffix = key ? ` ${key}` : '';
  return { title: { en: `${noun.en}${suffix}`, pt: `${noun.pt}${suffix}` }, o: { en: '', pt: noun.o } };
}

export const stateParam = (state: string): Localized => STATE_NAMES[state] ?? { en: state, pt: state };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const paramText = (value: NotificationParam | undefined, lang: NotificationLang): string =>
  value === undefined ? '' : typeof value === 'string' ? value : (value[lang] ?? value.en);

/** The language a reader gets: its own when there is a text in it, else English. */
export const notificationLang = (lang: string | null | undefined): NotificationLang =>
  lang === 'pt' ? 'pt' : 'en';

/**
 * The HTML of a notification for a reader's language; null for a key this version does not know
 * (the stored text is then shown as it is). A parameter the text names but the notification lacks
 * renders empty.
 */
export function renderNotification(
  key: string,
  params: Readonly<Record<string, unknown>> | null | undefined,
  lang: string | null | undefined,
): string | null {
  if (!isNotificationTextKey(key)) return null;
  const language = notificationLang(lang);
  const template: string = NOTIFICATION_TEXTS[key][language];
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const raw = params && Object.hasOwn(params, name) ? params[name] : undefined;
    return escapeHtml(paramText(asParam(raw), language));
  });
}

/** A stored parameter read back leniently: text, or {en, pt} texts; anything else is empty. */
function asParam(raw: unknown): NotificationParam | undefined {
  if (typeof raw === 'string') return raw;
  if (raw && typeof raw === 'object') {
    const { en, pt } = raw as { en?: unknown; pt?: unknown };
    if (typeof en === 'string') return { en, pt: typeof pt === 'string' ? pt : en };
  }
  return undefined;
}
