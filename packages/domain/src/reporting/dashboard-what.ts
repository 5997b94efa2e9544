/**
 * The dashboard 'what' options (seed 000 section 9): what needs the user now, each a count of
 * documents (contract usage: a percentage) over one or two models, written as the filters of the
 * document list route, so the figure and its drill-down (/{model}?{filters}) are the same documents.
 * The server counts them through the same permission scope and working context as the lists.
 * The ERP errors come from the integration monitor (issue 13): the documents whose last message
 * to the ERP failed or died (`erp=error`, `erp=reverse-error`), not only those a refusal moved to
 * erp-fail: a send whose retries ran out leaves its document in erp, and is an error all the same.
 */
import type { LangTexts } from './constants.ts';

export interface WhatPart {
  model: string;
  /** filters of GET /purchasing/{model} (comma list = any of) */
  filters: Readonly<Record<string, string>>;
}

export interface WhatDef {
  _id: string;
  labels: LangTexts;
  /** 'count': the documents of the parts; 'usage': contract value against target value, in % */
  figure: 'count' | 'usage';
  /** the parts at a moment (upcoming receptions depend on today) */
  parts: (now: Date) => readonly WhatPart[];
}

/** Days ahead an order's delivery counts as an upcoming reception (today included). */
export const UPCOMING_RECEPTION_DAYS = 7;

const DRAFT = 'created,updated';
const day = (t: Date, plus = 0): string =>
  new Date(t.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
const fixed =
  (...parts: WhatPart[]) =>
  (): readonly WhatPart[] =>
    parts;
const part = (model: string, filters: Record<string, string>): WhatPart => ({ model, filters });

export const DASHBOARD_WHAT: readonly WhatDef[] = [
  {
    _id: 'draft-requisitions',
    labels: { en: 'Draft requisitions', pt: 'Requisições em rascunho' },
    figure: 'count',
    parts: fixed(part('requisition', { '_state.current': DRAFT })),
  },
  {
    _id: 'requisitions-waiting-approval',
    labels: { en: 'Requisitions waiting approval', pt: 'Requisições a aguardar aprovação' },
    figure: 'count',
    parts: fixed(part('requisition', { '_state.current': 'approval' })),
  },
  {
    _id: 'requisition-errors',
    labels: { en: 'Requisition errors', pt: 'Requisições com erro' },
    figure: 'count',
    parts: fixed(part('requisition', { erp: 'error' })),
  },
  {
    _id: 'draft-orders',
    labels: { en: 'Draft orders', pt: 'Encomendas em rascunho' },
    figure: 'count',
    parts: fixed(part('order', { '_state.current': DRAFT })),
  },
  {
    _id: 'orders-waiting-approval',
    labels: { en: 'Orders waiting approval', pt: 'Encomendas a aguardar aprovação' },
    figure: 'count',
    parts: fixed(part('order', { '_state.current': 'approval' })),
  },
  {
    _id: 'order-errors',
    labels: { en: 'Order errors', pt: 'Encomendas com erro' },
    figure: 'count',
    parts: fixed(part('order', { erp: 'error' })),
  },
  {
    _id: 'receptions-waiting-evaluation',
    labels: { en: 'Receptions waiting evaluation', pt: 'Receções a aguardar avaliação' },
    figure: 'count',
    parts: fixed(part('reception', { evaluation: 'due' })),
  },
  {
    _id: 'reception-errors',
    labels: { en: 'Reception errors', pt: 'Receções com erro' },
    figure: 'count',
    parts: fixed(part('reception', { erp: 'error' })),
  },
  {
    // a reversal of a goods receipt the supplier or the ERP refused, or the ERP never took
    // (status icon reverse-fail), until the buyer asks again
    _id: 'reverse-errors',
    labels: { en: 'Reverse errors', pt: 'Estornos com erro' },
    figure: 'count',
    parts: fixed(part('reception', { erp: 'reverse-error' })),
  },
  {
    _id: 'pending-evaluations',
    labels: { en: 'Pending evaluations', pt: 'Avaliações pendentes' },
    figure: 'count',
    parts: fixed(
      part('order-evaluation', { '_state.current': DRAFT }),
      part('contract-evaluation', { '_state.current': DRAFT }),
    ),
  },
  {
    // orders sent to the supplier whose delivery falls in the next days
    _id: 'upcoming-receptions',
    labels: { en: 'Upcoming receptions', pt: 'Próximas receções' },
    figure: 'count',
    parts: (now) => [
      part('order', {
        '_state.current': 'erp-done,negotiation,completed',
        deliveryFrom: day(now),
        deliveryTo: day(now, UPCOMING_RECEPTION_DAYS - 1),
      }),
    ],
  },
  {
    _id: 'contract-usage',
    labels: { en: 'Contract usage', pt: 'Utilização de contratos' },
    figure: 'usage',
    parts: fixed(part('contract', { '_state.current': 'erp-done' })),
  },
];

export const WHAT_IDS = DASHBOARD_WHAT.map((w) => w._id);

export const whatDef = (id: string): WhatDef | undefined => DASHBOARD_WHAT.find((w) => w._id === id);
