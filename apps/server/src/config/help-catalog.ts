import type { Localized } from './default-settings.ts';

/** Help documents: their topic per language, whether they concern internal users only, and related docs. */
export interface HelpEntry {
  topic: Localized;
  internal: boolean;
  related: string[];
}

export const HELP_TITLE: Localized = { en: 'P2P online help', pt: 'Ajuda online P2P' };
export const MANUAL_DOC = 'manual';

export const HELP_CATALOG: Record<string, HelpEntry> = {
  manual: {
    topic: { en: 'User manual', pt: 'Manual do utilizador' },
    internal: false,
    related: ['home', 'help'],
  },
  home: {
    topic: { en: 'Home page', pt: 'Página inicial' },
    internal: false,
    related: ['navigation', 'group', 'notifications'],
  },
  signin: {
    topic: { en: 'Signing in', pt: 'Entrar' },
    internal: false,
    related: ['set-password', 'supplier-registration'],
  },
  account: { topic: { en: 'Your account', pt: 'A sua conta' }, internal: false, related: ['group', 'home'] },
  group: {
    topic: { en: 'Group and plant', pt: 'Grupo e fábrica' },
    internal: true,
    related: ['navigation', 'home'],
  },
  navigation: { topic: { en: 'Navigation', pt: 'Navegação' }, internal: true, related: ['home', 'group'] },
  notifications: { topic: { en: 'Notifications', pt: 'Notificações' }, internal: false, related: ['home'] },
  'supplier-registration': {
    topic: { en: 'Supplier registration', pt: 'Registo de fornecedor' },
    internal: false,
    related: ['set-password', 'signin'],
  },
  'set-password': {
    topic: { en: 'Setting your password', pt: 'Definir a palavra-passe' },
    internal: false,
    related: ['signin'],
  },
  help: { topic: { en: 'Using the help', pt: 'Usar a ajuda' }, internal: false, related: ['home'] },
  // the help of every list and form route (one document per model covers its list and its form)
  requisition: {
    topic: { en: 'Requisitions', pt: 'Requisições' },
    internal: true,
    related: ['order', 'approval', 'purchase-rfx'],
  },
  order: {
    topic: { en: 'Purchase orders', pt: 'Encomendas' },
    internal: false,
    related: ['requisition', 'reception', 'contract'],
  },
  contract: {
    topic: { en: 'Contracts', pt: 'Contratos' },
    internal: false,
    related: ['order', 'contract-evaluation'],
  },
  supplier: {
    topic: { en: 'Suppliers', pt: 'Fornecedores' },
    internal: true,
    related: ['supplier-registration', 'complaint'],
  },
  reception: {
    topic: { en: 'Goods receipt', pt: 'Receção de bens' },
    internal: false,
    related: ['order', 'dispatch'],
  },
  dispatch: {
    topic: { en: 'Supplier dispatch', pt: 'Expedição do fornecedor' },
    internal: false,
    related: ['reception', 'order'],
  },
  'contract-evaluation': {
    topic: { en: 'Contract evaluations', pt: 'Avaliações de contratos' },
    internal: true,
    related: ['contract', 'order-evaluation'],
  },
  'order-evaluation': {
    topic: { en: 'Order evaluations', pt: 'Avaliações de encomendas' },
    internal: true,
    related: ['order', 'reception'],
  },
  complaint: {
    topic: { en: 'Complaints', pt: 'Reclamações' },
    internal: true,
    related: ['supplier', 'order-evaluation'],
  },
  'purchase-rfx': {
    topic: { en: 'Requests for quotation (RFx)', pt: 'Consultas ao mercado (RFx)' },
    internal: true,
    related: ['rfx-proposal', 'requisition'],
  },
  'rfx-proposal': {
    topic: { en: 'Proposals', pt: 'Propostas' },
    internal: false,
    related: ['purchase-rfx', 'order'],
  },
  approval: {
    topic: { en: 'Approvals', pt: 'Aprovações' },
    internal: true,
    related: ['requisition', 'order'],
  },
  query: {
    topic: { en: 'Reports', pt: 'Relatórios' },
    internal: true,
    related: ['home'],
  },
  audit: {
    topic: { en: 'Audit trail', pt: 'Registo de auditoria' },
    internal: true,
    related: ['admin'],
  },
  admin: {
    topic: { en: 'Administration', pt: 'Administração' },
    internal: true,
    related: ['audit', 'set-password'],
  },
  search: {
    topic: { en: 'Search', pt: 'Pesquisa' },
    internal: false,
    related: ['home'],
  },
  chat: {
    topic: { en: 'Chats', pt: 'Conversas' },
    internal: true,
    related: ['notifications'],
  },
};
