import { STRONG_PASSWORD } from './helpers.ts';
import { sidesOf, type Caller, type Secret, type World } from './authorization-matrix.world.ts';

/**
 * How the matrix calls each route: the data cases it applies to and, per case, the URL and a body.
 * Writes get a harmless body (a stale _version, an unknown action, a version that does not exist,
 * the value already stored) so only the authorization outcome matters and the shared fixtures stay.
 * A route of the app's route table without an entry here fails the matrix.
 */

export type DataCase = 'none' | 'own' | 'other-user' | 'other-supplier' | 'other-tenant';

export interface Probe {
  case: DataCase;
  url: string;
  body?: unknown;
  /** multipart form fields (one small file is always sent) */
  multipart?: Record<string, string>;
  /** with this query the answer must hold no item for a caller that may not read the secret */
  hides?: Secret;
  /** an endless answer (server-sent events): judged on its status, then closed */
  stream?: true;
}

type Build = (w: World, c: Caller) => Probe[];

const DOC_CASES = ['own', 'other-supplier', 'other-tenant'] as const;
const STALE = 999_999;

/** One probe per data case on a document (order or supplier record) or its file. */
function docProbes(
  w: World,
  c: Caller,
  url: (id: string) => string,
  target: 'order' | 'record' | 'file',
  body?: unknown,
): Probe[] {
  const sides = sidesOf(c);
  return DOC_CASES.map((dc) => ({
    case: dc,
    url: url(w.sides[sides[dc]][target]),
    ...(body !== undefined ? { body } : {}),
  }));
}

/** The document routes: orders, and for reads the supplier records too. */
const onDocs =
  (suffix: string, opts: { records?: boolean; body?: unknown } = {}): Build =>
  (w, c) => [
    ...docProbes(w, c, (id) => `/api/purchasing/order/${id}${suffix}`, 'order', opts.body),
    ...(opts.records ? docProbes(w, c, (id) => `/api/purchasing/supplier/${id}${suffix}`, 'record') : []),
  ];

const me = (w: World, c: Caller) => w.users[c] ?? w.users.requester!;
const otherUser = (w: World, c: Caller) => (c === 'requester' ? w.users.buyer! : w.users.requester!);
const otherTenantUser = (w: World, c: Caller) =>
  c === 'globex-buyer' ? w.users.buyer! : w.users['globex-buyer']!;

/** own, another user's and another tenant's user id in the path (403 but for the caller's own). */
const onUsers =
  (url: (userId: string) => string, cases: DataCase[] = ['own', 'other-user', 'other-tenant']): Build =>
  (w, c) => {
    const ids: Partial<Record<DataCase, string>> = {
      own: me(w, c)._id,
      'other-user': otherUser(w, c)._id,
      'other-tenant': otherTenantUser(w, c)._id,
    };
    return cases.map((dc) => ({ case: dc, url: url(ids[dc]!) }));
  };

function notificationProbes(w: World, c: Caller, url: (id: string) => string): Probe[] {
  const first = (userId: string) => w.notifications.get(userId)?.[0];
  const own = w.users[c] ? first(w.users[c]._id) : undefined;
  const other = first(c === 'buyer' ? w.users['manager-supplier']!._id : w.users.buyer!._id);
  const foreign = first(otherTenantUser(w, c)._id);
  return [
    ...(own ? [{ case: 'own' as const, url: url(own) }] : []),
    ...(other && c !== 'globex-buyer' ? [{ case: 'other-user' as const, url: url(other) }] : []),
    { case: 'other-tenant', url: url(foreign!) },
  ];
}

/** The caller's group, another tenant's (the groups of the own organization tree are everybody's). */
function groupProbes(w: World, c: Caller): Probe[] {
  const user = me(w, c);
  const foreign = (user.domain === 'globex' ? w.groups.acme : w.groups.globex)[0]!;
  const url = (id: string) => `/api/profile/group/${id}`;
  return [
    ...(user.groups[0] ? [{ case: 'own' as const, url: url(user.groups[0]._id) }] : []),
    { case: 'other-tenant', url: url(foreign) },
  ];
}

const none =
  (url: string, body?: unknown): Build =>
  () => [{ case: 'none', url, ...(body !== undefined ? { body } : {}) }];

const q = (value: string) => encodeURIComponent(value);

const APPROVAL_RULE_PROBE = {
  model: 'order',
  name: 'Authz probe',
  priority: 0,
  conditions: {},
  levels: [{ kind: 'user' }],
  enabled: false,
};

/** The list and search answers, with queries on the hidden values (hits, prefixes, snippets). */
const listProbes =
  (base: (model: string) => string): Build =>
  (w) => {
    const probes: Probe[] = [
      { case: 'none', url: `${base('order')}?l=100` },
      { case: 'none', url: `${base('supplier')}?l=100` },
      { case: 'none', url: `${base('order')}?q=${q(w.sides.alfa.description)}` },
    ];
    for (const s of w.secrets) {
      const model = s.name.includes('iban') ? 'supplier' : 'order';
      probes.push({ case: 'none', url: `${base(model)}?q=${q(s.value)}&c=1`, hides: s });
      probes.push({ case: 'none', url: `${base(model)}?q=${q(s.value.slice(0, 10))}&c=1`, hides: s });
    }
    return probes;
  };

const searchAll: Build = (w) => [
  { case: 'none', url: `/api/search?q=${q(w.sides.alfa.description)}` },
  { case: 'none', url: `/api/search?q=${q(w.sides.beta.description)}` },
  { case: 'none', url: '/api/search?q=Alfa' },
  ...w.secrets.map((s): Probe => ({ case: 'none', url: `/api/search?q=${q(s.value)}&c=1`, hides: s })),
];

/** Supplier registrations: own tenant's pending one, another tenant's. */
const registrationProbes =
  (action: string): Build =>
  (w, c) => {
    const [own, foreign] =
      c === 'globex-buyer'
        ? [w.registrations.globex, w.registrations.acme]
        : [w.registrations.acme, w.registrations.globex];
    const url = (id: string) => `/api/auth/supplier-registrations/${id}/${action}`;
    return [
      { case: 'own', url: url(own) },
      { case: 'other-tenant', url: url(foreign) },
    ];
  };

const adminUserProbes =
  (action: string): Build =>
  (w, c) => [
    { case: 'own', url: `/api/admin/users/${w.pendingUser}/${action}` },
    { case: 'other-tenant', url: `/api/admin/users/${otherTenantUser(w, c)._id}/${action}` },
  ];

export const PROBES: Record<string, Build> = {
  'GET /api/health': none('/api/health'),
  'POST /api/auth/signin': none('/api/auth/signin', {}),
  'GET /api/auth/signup-policy': none('/api/auth/signup-policy'),
  'POST /api/auth/signup': none('/api/auth/signup', {}),
  'POST /api/auth/set-password/:id': none('/api/auth/set-password/authz-probe-link', {
    password: STRONG_PASSWORD,
  }),
  'POST /api/auth/supplier-registration': none('/api/auth/supplier-registration', {}),
  'POST /api/auth/forgot-password': none('/api/auth/forgot-password', {
    email: 'authz-probe@example.invalid',
  }),
  'GET /api/auth/set-password/:id': none('/api/auth/set-password/authz-probe-link'),
  'GET /api/auth/supplier-registrations': none('/api/auth/supplier-registrations'),
  'POST /api/auth/supplier-registrations/:id/approve': registrationProbes('approve'),
  'POST /api/auth/supplier-registrations/:id/reject': registrationProbes('reject'),
  // never the caller's own id: that would end the session the matrix goes on with
  'GET /api/profile/user/signout/:userId': onUsers(
    (id) => `/api/profile/user/signout/${id}`,
    ['other-user', 'other-tenant'],
  ),
  'GET /api/profile/user/me': none('/api/profile/user/me'),
  'GET /api/config/app/:lang': none('/api/config/app/en'),
  'GET /api/config/routes/:lang': none('/api/config/routes/en'),
  'GET /api/config/navigation/:lang': none('/api/config/navigation/en'),
  'PUT /api/config/offline': none('/api/config/offline', { message: null }),
  'GET /api/config/help/:lang/:doc': none('/api/config/help/en/help'),
  'GET /api/profile/user/groups': none('/api/profile/user/groups'),
  'GET /api/profile/group/:groupId': groupProbes,
  'GET /api/profile/organization/nodes': none('/api/profile/organization/nodes'),
  'GET /api/profile/organization/nodes/:nodeKey': (w, c) => {
    const [own, foreign] =
      me(w, c).domain === 'globex' ? ['globex-americas', 'acme-pt'] : ['acme-pt', 'globex-americas'];
    return [
      { case: 'own', url: `/api/profile/organization/nodes/${own}` },
      { case: 'other-tenant', url: `/api/profile/organization/nodes/${foreign}` },
    ];
  },
  'POST /api/profile/user/config': none('/api/profile/user/config', { lang: 'en' }),
  'GET /api/profile/user/home/:userId': onUsers((id) => `/api/profile/user/home/${id}`),
  'GET /api/communication/notifications': none('/api/communication/notifications'),
  'POST /api/communication/notifications/read/:id': (w, c) =>
    notificationProbes(w, c, (id) => `/api/communication/notifications/read/${id}`),
  'DELETE /api/communication/notifications/all': none('/api/communication/notifications/all'),
  'POST /api/notifications/stream-token': none('/api/notifications/stream-token'),
  'GET /api/notifications/stream': () => [{ case: 'none', url: '/api/notifications/stream', stream: true }],
  'DELETE /api/communication/notifications/:id': (w, c) =>
    notificationProbes(w, c, (id) => `/api/communication/notifications/${id}`),
  'GET /api/config/model/:lang/:model': none('/api/config/model/en/order'),
  'GET /api/config/formGroupFields/:key': none('/api/config/formGroupFields/order.delivery'),
  'POST /api/config/formGroupFields': none('/api/config/formGroupFields', ['order.delivery']),
  'GET /api/config/subtype': none('/api/config/subtype'),
  'GET /api/config/purchasing': none('/api/config/purchasing'),
  'GET /api/purchasing/:model': listProbes((m) => `/api/purchasing/${m}`),
  'GET /api/purchasing/:model/trash': () => [
    { case: 'none', url: '/api/purchasing/order/trash?l=200' },
    { case: 'none', url: '/api/purchasing/supplier/trash?l=200' },
  ],
  // no supplier: refused by validation after the create permission (403 first for those who may not)
  'POST /api/purchasing/:model': none('/api/purchasing/order', { doc: { subtype: 'P001' } }),
  'GET /api/purchasing/:model/:id': onDocs('', { records: true }),
  'PUT /api/purchasing/:model/:id': onDocs('', { body: { _version: STALE } }),
  'PUT /api/purchasing/:model/:id/toggle-enabled': (w, c) =>
    docProbes(w, c, (id) => `/api/purchasing/supplier/${id}/toggle-enabled`, 'record', { value: true }),
  // erp-done orders are not deletable (409); the globex buyer's own order is a draft it may delete,
  // after every other probe of documents (removals run last)
  'DELETE /api/purchasing/:model/:id': onDocs(''),
  'POST /api/purchasing/:model/:id/restore': onDocs('/restore'),
  'DELETE /api/purchasing/:model/:id/purge': onDocs('/purge'),
  'GET /api/purchasing/:model/:id/edit-start': onDocs('/edit-start', { records: true }),
  'GET /api/purchasing/:model/:id/edit-check': onDocs('/edit-check', { records: true }),
  'POST /api/purchasing/:model/:id/workflow': onDocs('/workflow', {
    body: { action: 'authz-probe', _version: STALE },
  }),
  'POST /api/purchasing/:model/:id/reopen': onDocs('/reopen', { body: { _version: STALE } }),
  'POST /api/purchasing/:model/:id/duplicate': onDocs('/duplicate'),
  'GET /api/communication/messages/:model/:id': (w, c) => [
    ...docProbes(w, c, (id) => `/api/communication/messages/order/${id}`, 'order'),
    ...docProbes(w, c, (id) => `/api/communication/messages/supplier/${id}`, 'record'),
  ],
  // notes (the message box): the rules and the supplier isolation are proven in notes*.test.ts
  'GET /api/communication/notes/:model/:id': (w, c) => [
    ...docProbes(w, c, (id) => `/api/communication/notes/order/${id}`, 'order'),
    ...docProbes(w, c, (id) => `/api/communication/notes/supplier/${id}`, 'record'),
  ],
  // a log that is no note: refused after the document check, nothing is kept
  'POST /api/communication/messages/:model/:id': (w, c) => {
    const sides = sidesOf(c);
    return DOC_CASES.map((dc) => ({
      case: dc,
      url: `/api/communication/messages/order/${w.sides[sides[dc]].order}`,
      multipart: { log: '{}' },
    }));
  },
  'GET /api/communication/messages/delete/:id': none('/api/communication/messages/delete/999999999'),
  'GET /api/profile/user/notes': none('/api/profile/user/notes'),
  'GET /api/profile/user/notes/:userId': onUsers((id) => `/api/profile/user/notes/${id}`),
  'GET /api/purchasing/order-pdf/:id': (w, c) =>
    docProbes(w, c, (id) => `/api/purchasing/order-pdf/${id}`, 'order'),
  'GET /api/purchasing/order-pdf/:id/:shipId': (w, c) =>
    docProbes(w, c, (id) => `/api/purchasing/order-pdf/${id}/authz-probe`, 'order'),
  'GET /api/search': searchAll,
  'GET /api/search/:model': listProbes((m) => `/api/search/${m}`),
  'GET /api/reference/item': none('/api/reference/item'),
  'GET /api/reference/supplier': (w) => [
    { case: 'none', url: '/api/reference/supplier?q=a' },
    ...w.secrets
      .filter((s) => s.name.includes('iban'))
      .map((s): Probe => ({ case: 'none', url: `/api/reference/supplier?q=${q(s.value)}`, hides: s })),
  ],
  'GET /api/reference/user': none('/api/reference/user'),
  'GET /api/reference/tax': none('/api/reference/tax'),
  'GET /api/taxonomy/country': none('/api/taxonomy/country'),
  'GET /api/taxonomy/uom': none('/api/taxonomy/uom'),
  'POST /api/purchasing/:model/:id/favorite': onDocs('/favorite'),
  'GET /api/profile/favorites/:userId': onUsers((id) => `/api/profile/favorites/${id}`),
  // approvals: the world's orders stand for approval ids (no approval there: 404 for everyone, the
  // scope and tenant checks run first); approvals.test.ts proves the rest on real approvals
  'GET /api/automation/approval/:approvalId': (w, c) =>
    docProbes(w, c, (id) => `/api/automation/approval/${id}`, 'order'),
  'POST /api/automation/approval-dry-run/:model': none('/api/automation/approval-dry-run/order', {}),
  'POST /api/automation/approval-dry-run/:model/:id': (w, c) =>
    docProbes(w, c, (id) => `/api/automation/approval-dry-run/order/${id}`, 'order', {}),
  'POST /api/automation/approval/:approvalId/request': (w, c) =>
    docProbes(w, c, (id) => `/api/automation/approval/${id}/request`, 'order', { consultant: 'authz-probe' }),
  'POST /api/automation/approval/:approvalId/opinion': (w, c) =>
    docProbes(w, c, (id) => `/api/automation/approval/${id}/opinion`, 'order', {}),
  // a rule the schema takes and the rules refuse (a user level without its user): nothing is saved
  'GET /api/admin/approval-rules': none('/api/admin/approval-rules?model=order'),
  'POST /api/admin/approval-rules': none('/api/admin/approval-rules', APPROVAL_RULE_PROBE),
  'PUT /api/admin/approval-rules/:id': none('/api/admin/approval-rules/999999999', APPROVAL_RULE_PROBE),
  'DELETE /api/admin/approval-rules/:id': none('/api/admin/approval-rules/999999999'),
  'GET /api/approvals/delegations': none('/api/approvals/delegations'),
  'POST /api/approvals/delegations': none('/api/approvals/delegations', {}),
  'DELETE /api/approvals/delegations/:id': () => [
    { case: 'other-user', url: '/api/approvals/delegations/999999999' },
  ],
  'POST /api/files': (w, c) => {
    const sides = sidesOf(c);
    return DOC_CASES.map((dc) => ({
      case: dc,
      url: '/api/files',
      multipart: { documentId: w.sides[sides[dc]].order, model: 'order' },
    }));
  },
  'POST /api/files/:id/download-token': (w, c) =>
    docProbes(w, c, (id) => `/api/files/${id}/download-token`, 'file'),
  'GET /api/files/:id': (w, c) => docProbes(w, c, (id) => `/api/files/${id}`, 'file'),
  'GET /api/admin/users': none('/api/admin/users'),
  'POST /api/admin/users/:id/approve': adminUserProbes('approve'),
  'POST /api/admin/users/:id/reject': adminUserProbes('reject'),
  'POST /api/admin/users/:id/unlock': adminUserProbes('unlock'),
  'POST /api/admin/users/:id/password-link': adminUserProbes('password-link'),
  'GET /api/admin/settings/sign-up': none('/api/admin/settings/sign-up'),
  'PUT /api/admin/settings/sign-up': (w) => [
    { case: 'none', url: '/api/admin/settings/sign-up', body: w.signUpSetting },
  ],
  'GET /api/admin/models': none('/api/admin/models'),
  'GET /api/admin/models/:model': none('/api/admin/models/order'),
  'GET /api/admin/models/:model/versions': none('/api/admin/models/order/versions'),
  'GET /api/admin/models/:model/versions/:version': none('/api/admin/models/order/versions/1'),
  'POST /api/admin/models/:model/validate': none('/api/admin/models/order/validate', { config: {} }),
  'PUT /api/admin/models/:model': none('/api/admin/models/order', { config: {}, baseVersion: 1 }),
  'POST /api/admin/models/:model/restore/:version': none('/api/admin/models/order/restore/999999'),
  'GET /api/audit': none('/api/audit?l=200'),
  // the integration monitor (erp/): ihub roles and admins only (403 for the rest, erp-delivery.test.ts);
  // a message id that does not exist: the actions change nothing
  'GET /api/ihub/log/:model': none('/api/ihub/log/order'),
  'GET /api/ihub/tracking/:model': none('/api/ihub/tracking/all'),
  'GET /api/ihub/status': none('/api/ihub/status'),
  'GET /api/ihub/message/:id': none('/api/ihub/message/999999999'),
  'POST /api/ihub/message/:id/retry': none('/api/ihub/message/999999999/retry'),
  'POST /api/ihub/message/:id/cancel': none('/api/ihub/message/999999999/cancel'),
  'POST /api/ihub/message/:id/resend': none('/api/ihub/message/999999999/resend', { payload: {} }),
  // no ERP connected in the test app: the import answers 409 for the roles it admits
  'POST /api/ihub/import/:kind': none('/api/ihub/import/suppliers'),
  'GET /api/unspsc': none('/api/unspsc?q=43'),
  // a file without the official columns: refused after the role check, nothing is imported
  'POST /api/admin/unspsc/import': none('/api/admin/unspsc/import', { csv: 'x' }),
  // the mapping to material groups: admins and ihub roles (403 for the rest, unspsc-groups.test.ts);
  // a group name the schema refuses and a prefix nobody mapped change nothing
  'GET /api/unspsc/material-group': none('/api/unspsc/material-group?code=43211503'),
  'GET /api/admin/unspsc/groups': none('/api/admin/unspsc/groups'),
  'PUT /api/admin/unspsc/groups/:prefix': none('/api/admin/unspsc/groups/99', { materialGroup: '' }),
  'DELETE /api/admin/unspsc/groups/:prefix': none('/api/admin/unspsc/groups/99999999'),
  // an item's code by hand: admins and ihub roles (403 for the rest, unspsc-items.test.ts); an item
  // that does not exist changes nothing
  'PUT /api/ihub/items/:code/unspsc': none('/api/ihub/items/NO-SUCH-ITEM/unspsc', { unspsc: null }),
  'GET /api/audit/export': none('/api/audit/export'),
  // recent activity, chats and photos: the participant and photo rules themselves are proven in
  // activity.test.ts, chat.test.ts and photo.test.ts (the matrix's world holds no chat)
  'GET /api/profile/activity/:userId': onUsers((id) => `/api/profile/activity/${id}?k=11&l=50`),
  // the delivery map and the calendar (map/, calendar/): providers are off in the matrix's app, so
  // the provider calls are probed with input refused before any provider is asked
  'GET /api/map/config': none('/api/map/config'),
  'GET /api/map/markers': none('/api/map/markers'),
  'GET /api/map/route': none('/api/map/route?from=99,0&to=38.7,-9.1'),
  'GET /api/map/geocode': none('/api/map/geocode?q='),
  'GET /api/map/tiles/:z/:x/:y': none('/api/map/tiles/1/5/5'),
  'POST /api/map/kml': none('/api/map/kml', {
    kind: 'plant',
    name: 'Authz probe',
    place: { lat: 38.7, lng: -9.1 },
  }),
  'POST /api/communication/sendMail': none('/api/communication/sendMail', {}),
  'GET /api/calendar/events': none('/api/calendar/events?from=2026-03-01&to=2026-05-31'),
  'GET /api/chat': none('/api/chat'),
  // an unknown participant: refused after the document check, nothing is created
  'POST /api/chat': (w, c) => {
    const sides = sidesOf(c);
    return DOC_CASES.map((dc) => ({
      case: dc,
      url: '/api/chat',
      body: {
        model: 'order',
        documentId: w.sides[sides[dc]].order,
        participants: ['authz-probe'],
        text: 'probe',
      },
    }));
  },
  'GET /api/chat/widget': none('/api/chat/widget'),
  'PUT /api/chat/widget': none('/api/chat/widget', { enabled: false }),
  'GET /api/chat/:id': () => [{ case: 'other-user', url: '/api/chat/00000000-0000-4000-8000-000000000000' }],
  'POST /api/chat/:id/messages': () => [
    {
      case: 'other-user',
      url: '/api/chat/00000000-0000-4000-8000-000000000000/messages',
      body: { text: 'x' },
    },
  ],
  // a text file is no PNG: refused before anything is kept
  'POST /api/profile/photo': () => [{ case: 'none', url: '/api/profile/photo', multipart: {} }],
  'DELETE /api/profile/photo': none('/api/profile/photo'),
  'GET /api/profile/photo/:userId': onUsers((id) => `/api/profile/photo/${id}`),
  // receiving from an order: the matrix's orders are erp-done, not confirmed, so a dispatch or
  // receipt the caller may start is refused (409) and nothing is created
  'GET /api/receiving/order/:id/open': (w, c) =>
    docProbes(w, c, (id) => `/api/receiving/order/${id}/open`, 'order'),
  'POST /api/receiving/order/:id/dispatch': (w, c) =>
    docProbes(w, c, (id) => `/api/receiving/order/${id}/dispatch`, 'order', {
      lines: [{ pos: 10, quantity: 1 }],
    }),
  'POST /api/receiving/order/:id/receipt': (w, c) =>
    docProbes(w, c, (id) => `/api/receiving/order/${id}/receipt`, 'order', {
      lines: [{ pos: 10, quantity: 1 }],
    }),
  'POST /api/evaluations/due': none('/api/evaluations/due'),
  // reports: the configuration and stored queries, results over the caller's scope (grouped by the
  // role-hidden order notes too: whoever may not read them is refused, a supplier sees only its own)
  'GET /api/config/query': none('/api/config/query'),
  'GET /api/reporting/config/timePeriod': none('/api/reporting/config/timePeriod'),
  'GET /api/reporting/queries': none('/api/reporting/queries'),
  'GET /api/reporting/query/:id': none('/api/reporting/query/dashboard'),
  // no name: refused by the checks before anything is stored
  'POST /api/reporting/query/save': none('/api/reporting/query/save', { model: 'order' }),
  'POST /api/reporting/query/result': (w) => {
    const report = (aggregation: unknown, type = 'user-query') => ({
      name: 'Authz',
      type,
      model: 'order',
      tr: { _id: 'all' },
      aggregation,
    });
    return [
      {
        case: 'none',
        url: '/api/reporting/query/result',
        body: report({
          groupBy: [{ field: 'supplier' }, { field: '_state.current' }],
          metrics: [{ function: 'count' }],
        }),
      },
      {
        case: 'none',
        url: '/api/reporting/query/result',
        body: report({ groupBy: [{ field: 'supplierNotes' }], metrics: [{ function: 'count' }] }),
      },
      ...w.secrets
        .filter((s) => s.name.includes('supplierNotes'))
        .map((s): Probe => ({
          case: 'none',
          url: '/api/reporting/query/result',
          body: report(
            {
              pipeline: JSON.stringify([
                { $match: { supplierNotes: s.value } },
                { $group: { _id: '$supplier', n: { $sum: 1 } } },
              ]),
            },
            'system-query',
          ),
          hides: s,
        })),
    ];
  },
  'GET /api/reporting/colors/:count': none('/api/reporting/colors/3'),
  'POST /api/reporting/export-data': none('/api/reporting/export-data', { headers: ['a'], data: [{ a: 1 }] }),
  // the dashboard: always the caller's own (a user never reads another's, dashboard.test.ts); the
  // save sends an item outside the grid, refused before anything is stored
  'GET /api/profile/user/widgets': none('/api/profile/user/widgets'),
  'GET /api/profile/user/dashboard': none('/api/profile/user/dashboard'),
  'POST /api/profile/user/dashboard': none('/api/profile/user/dashboard', {
    layout: [{ i: 1, x: 10, y: 0, w: 6, h: 6, widget: { component: 'v-iframe', params: { url: '/help' } } }],
  }),
  'GET /api/profile/user/dashboard/reset': none('/api/profile/user/dashboard/reset'),
};
