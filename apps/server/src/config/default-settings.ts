import { AUDIT_READER_ROLES, VIEW_ALL_ROLES } from '@p2p/domain';
import type { ChatSettings, RouteConfig, SignUpPolicy, UiFlags } from '@p2p/domain';

/**
 * Defaults written to app_settings at start-up (only when absent), so flags, routes and the
 * navigation are data an administrator can change without a release.
 */

export type Localized = { en: string; pt: string };

export interface NavSetting {
  label: Localized;
  icon?: string;
  to?: string;
  /** shown only to these roles (a hasRole spec: comma list, '!' negates); absent: to everybody */
  roles?: string;
  children?: NavSetting[];
  next?: NavSetting[];
}

export const DEFAULT_FLAGS: UiFlags = {
  notifications: true,
  assistant: true,
  reload: true,
  domain: true,
  chat: false,
};
export const DEFAULT_CHAT: ChatSettings = { enabled: false };
export const DEFAULT_LANGUAGES = ['en', 'pt'];

const modelRoute = (path: string, model: string, nav: string): RouteConfig => ({
  path,
  name: model,
  view: 'model',
  meta: { model, form: true, nav },
});

export const DEFAULT_ROUTES: RouteConfig[] = [
  modelRoute('/requisition', 'requisition', 'purchasing'),
  modelRoute('/contract', 'contract', 'purchasing'),
  modelRoute('/order', 'order', 'purchasing'),
  modelRoute('/reception', 'reception', 'receptions'),
  // Supplier-dispatched goods are receptions announced by the supplier: the same model and list.
  {
    path: '/dispatch',
    name: 'dispatch',
    view: 'model',
    meta: { model: 'reception', form: true, nav: 'receptions' },
  },
  modelRoute('/contract-evaluation', 'contract-evaluation', 'evaluations'),
  modelRoute('/order-evaluation', 'order-evaluation', 'evaluations'),
  modelRoute('/supplier', 'supplier', 'purchasing'),
  modelRoute('/complaint', 'complaint', 'evaluations'),
  modelRoute('/purchase-rfx', 'purchase-rfx', 'sourcing'),
  modelRoute('/rfx-proposal', 'rfx-proposal', 'sourcing'),
  // approvals of requisitions, orders and contracts (apps/server/src/approvals): their own documents
  modelRoute('/approval', 'approval', 'purchasing'),
  {
    path: '/notifications',
    name: 'notifications',
    view: 'list',
    meta: { nav: 'home', title: 'Notifications' },
  },
  { path: '/query', name: 'query', view: 'query', meta: { nav: 'reports', title: 'Reports' } },
];

const item = (en: string, pt: string, to: string, icon?: string): NavSetting => ({
  label: { en, pt },
  to,
  ...(icon ? { icon } : {}),
});

export const DEFAULT_NAVIGATION: NavSetting[] = [
  item('Home', 'Início', '/', 'pi pi-home'),
  {
    label: { en: 'Purchasing', pt: 'Compras' },
    icon: 'pi pi-shopping-cart',
    children: [
      item('Requisitions', 'Requisições', '/requisition'),
      item('Orders', 'Encomendas', '/order'),
      item('Contracts', 'Contratos', '/contract'),
      item('Suppliers', 'Fornecedores', '/supplier'),
    ],
  },
  {
    label: { en: 'Receptions', pt: 'Receções' },
    icon: 'pi pi-box',
    children: [
      item('Goods receipt', 'Receção de bens', '/reception'),
      {
        label: { en: 'Supplier dispatch', pt: 'Expedição do fornecedor' },
        next: [
          item('Dispatched goods', 'Bens expedidos', '/dispatch'),
          item('Receptions waiting evaluation', 'Receções a aguardar avaliação', '/reception?evaluation=due'),
        ],
      },
    ],
  },
  {
    label: { en: 'Sourcing', pt: 'Consultas ao mercado' },
    icon: 'pi pi-megaphone',
    // the roles that read RFx and proposals (view-all roles and rfx-manager); suppliers have no
    // sidebar: their proposals (the invitations) come by notification and from their home page
    roles: [...VIEW_ALL_ROLES, 'rfx-manager'].join(','),
    children: [
      item('RFx', 'Consultas (RFx)', '/purchase-rfx'),
      item('Proposals', 'Propostas', '/rfx-proposal'),
    ],
  },
  {
    label: { en: 'Evaluations', pt: 'Avaliações' },
    icon: 'pi pi-star',
    children: [
      item('Contract evaluations', 'Avaliações de contratos', '/contract-evaluation'),
      item('Order evaluations', 'Avaliações de encomendas', '/order-evaluation'),
      item('Complaints', 'Reclamações', '/complaint'),
    ],
  },
  item('Notifications', 'Notificações', '/notifications', 'pi pi-bell'),
  // not in the seed's menu: the audit trail (/audit) of the security work, for its readers only
  { ...item('Audit trail', 'Registo de auditoria', '/audit', 'pi pi-history'), roles: AUDIT_READER_ROLES },
  item('Help', 'Ajuda', '/help', 'pi pi-question-circle'),
];

/**
 * Self-service sign-up of a domain (setting 'signUp', editable at /admin): accounts wait for an
 * administrator's approval unless the domain names e-mail domains or closes sign-up.
 */
export const DEFAULT_SIGN_UP: SignUpPolicy = { mode: 'approval', domains: [] };
