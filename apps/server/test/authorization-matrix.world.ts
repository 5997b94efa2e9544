import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { actsAsSupplier, hasRole, ROLE_KEYS, type DocumentResponse, type SessionUser } from '@p2p/domain';
import { documentRepository } from '../src/documents/document.repository.ts';
import { call, signIn, STRONG_PASSWORD, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';

/**
 * The data of the authorization matrix: every caller signed in, and per tenant and supplier an
 * order (erp-done, so its supplier sees it), a supplier record and an attached file, each carrying
 * a value of a field hidden by role (order supplierNotes, supplier iban) that must never leak.
 */

/** One demo user per role key (the username is the role key; `system` cannot sign in), and Beta's supplier. */
export const ACME_ROLES = [...ROLE_KEYS.filter((r) => r !== 'system'), 'supplier2'] as const;
export type Caller = (typeof ACME_ROLES)[number] | 'anonymous' | 'globex-buyer';
export const CALLERS: readonly Caller[] = [...ACME_ROLES, 'anonymous', 'globex-buyer'];

export type Side = 'alfa' | 'beta' | 'globex';
export interface SideData {
  tenant: 'acme' | 'globex';
  supplierId: string;
  order: string;
  record: string;
  file: string;
  description: string;
}

/** A value of a role-hidden field, and who may read it. */
export interface Secret {
  name: string;
  value: string;
  side: Side;
  viewRoles: string;
}

export interface World {
  users: Partial<Record<Caller, SessionUser & { token: string }>>;
  sides: Record<Side, SideData>;
  secrets: Secret[];
  /** notification ids by user id */
  notifications: Map<string, string[]>;
  groups: { acme: string[]; globex: string[] };
  registrations: { acme: string; globex: string };
  pendingUser: string;
  /** the stored sign-up setting, saved again unchanged by the matrix */
  signUpSetting: unknown;
}

const NOTES_ROLES = 'admin,manager,buyer,supplier,supplier-user';
const IBAN_ROLES = 'admin,manager,manager-supplier,supplier,supplier-user';

/** Whether the caller may read the secret: its tenant, a role of the field, its own supplier. */
export function maySee(w: World, caller: Caller, s: Secret): boolean {
  const user = w.users[caller];
  const side = w.sides[s.side];
  if (!user || user.domain !== side.tenant || !hasRole(user, s.viewRoles)) return false;
  return !actsAsSupplier(user) || user.supplier?._id === side.supplierId;
}

/** The sides of the caller: its own documents, another supplier's, another tenant's. */
export function sidesOf(caller: Caller): Record<'own' | 'other-supplier' | 'other-tenant', Side> {
  if (caller === 'supplier2') return { own: 'beta', 'other-supplier': 'alfa', 'other-tenant': 'globex' };
  if (caller === 'globex-buyer') return { own: 'globex', 'other-supplier': 'beta', 'other-tenant': 'alfa' };
  return { own: 'alfa', 'other-supplier': 'beta', 'other-tenant': 'globex' };
}

/** The text a PDF draws (content streams inflated, hex strings of Tj/TJ decoded), as pdf.test.ts. */
export function pdfText(raw: Buffer): string {
  const binary = raw.toString('latin1');
  const texts: string[] = [binary];
  const streams = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(binary))) {
    const start = m.index + m[0].length;
    const end = binary.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(raw.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.subarray(start, end).toString('latin1');
    }
    texts.push(content);
    for (const op of content.match(/\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj/g) ?? []) {
      const hex = (op.match(/<([0-9a-fA-F]*)>/g) ?? []).map((h) => h.slice(1, -1)).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
    streams.lastIndex = end;
  }
  return texts.join('\n');
}

const boundary = '----p2pAuthzMatrix';
export function multipart(fields: Record<string, string>): Buffer {
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="probe.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\nauthorization probe\r\n',
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
  ];
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}
export const MULTIPART_TYPE = `multipart/form-data; boundary=${boundary}`;

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const users: World['users'] = {};
  for (const role of ACME_ROLES) {
    const s = await signIn(t.app, role);
    users[role] = { ...s.user, token: s.token };
  }
  const g = await signIn(t.app, 'buyer', 'globex');
  users['globex-buyer'] = { ...g.user, token: g.token };
  const as = (c: Caller) => ({ token: users[c]!.token });
  const api = <T = DocumentResponse>(c: Caller, method: string, url: string, body?: unknown) =>
    ok(call<T>(t.app, method as 'GET', url, { ...as(c), ...(body !== undefined ? { body } : {}) }), url);
  const supplierId = async (c: Caller, name: string) =>
    (await api<{ items: Array<{ _id: string }> }>(c, 'GET', `/api/reference/supplier?q=${name}`)).items[0]!
      ._id;

  const tag = randomBytes(5).toString('hex');
  const secrets: Secret[] = [];
  const notes = (side: Side) => {
    // its own random part: the fragments the leak check looks for must not be shared by two secrets
    const value = `Notes-${side}-${randomBytes(6).toString('hex')}-Qx`;
    secrets.push({ name: `${side} order supplierNotes`, value, side, viewRoles: NOTES_ROLES });
    return value;
  };
  const move = async (c: Caller, doc: DocumentResponse, action: string) =>
    api(c, 'POST', `/api/purchasing/order/${doc._id}/workflow`, { action, _version: doc._version });

  /** An order of the supplier with notes for it, moved to erp-done (the supplier then sees it). */
  async function sentOrder(side: 'alfa' | 'beta', supplier: string, item: string) {
    const description = `Authz probe order ${side} ${tag}`;
    let doc = await api('buyer', 'POST', '/api/purchasing/order', {
      doc: { subtype: 'P001' },
      description,
      supplier: { _id: supplier },
      deliveryDate: '2026-12-15',
      supplierNotes: notes(side),
      lines: [{ item, description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } }],
    });
    doc = await move('buyer', doc, 'submit-approval');
    doc = await move('manager', doc, 'approve');
    doc = await move('buyer', doc, 'workflow');
    doc = await erpHand(t.app, t.conn.db, 'order', doc);
    if (doc._state.current !== 'erp-done') throw new Error(`order ${side} is ${doc._state.current}`);
    return { id: doc._id, description };
  }

  /** The supplier record of the company with an IBAN, saved by the supplier manager. */
  async function recordWithIban(supplier: string, side: Side, iban: string) {
    const records = await api<{ items: Array<{ _id: string; supplier?: { _id: string } }> }>(
      'manager-supplier',
      'GET',
      '/api/purchasing/supplier?l=50',
    );
    const record = records.items.find((r) => r.supplier?._id === supplier)!;
    const full = await api('manager-supplier', 'GET', `/api/purchasing/supplier/${record._id}`);
    await api('manager-supplier', 'PUT', `/api/purchasing/supplier/${record._id}`, { ...full, iban });
    secrets.push({ name: `${side} supplier iban`, value: iban, side, viewRoles: IBAN_ROLES });
    return record._id;
  }

  async function attach(c: Caller, order: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: multipart({ documentId: order, model: 'order' }),
      headers: { 'content-type': MULTIPART_TYPE, authorization: `Bearer ${users[c]!.token}` },
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return (res.json() as { files: Array<{ _id: string }> }).files[0]!._id;
  }

  const alfa = await supplierId('buyer', 'Alfa');
  const beta = await supplierId('buyer', 'Beta');
  const alfaOrder = await sentOrder('alfa', alfa, 'MAT-1000');
  const betaOrder = await sentOrder('beta', beta, 'MAT-1000');

  // globex: an order of its buyer (notes only the buyer reads) and a supplier record with an IBAN
  const delta = await supplierId('globex-buyer', 'Delta');
  const globexDescription = `Authz probe order globex ${tag}`;
  const globexOrder = await api('globex-buyer', 'POST', '/api/purchasing/order', {
    doc: { subtype: 'P001' },
    description: globexDescription,
    supplier: { _id: delta },
    deliveryDate: '2026-12-15',
    supplierNotes: notes('globex'),
    lines: [{ item: 'GX-M9001', description: 'Pads', quantity: '5', price: '12.4', tax: { key: 'IVA23' } }],
  });
  const globexIban = 'DE89370400440532013000';
  const zero = '0';
  const globexRecord = await documentRepository(t.conn.db).insert('globex', 'supplier', g.user._id, {
    type: 'supplier',
    subtype: null,
    key: `GX${tag}`,
    state: 'approved',
    supplier_id: delta,
    requester_id: null,
    group_id: null,
    plant: null,
    data: {
      name: 'Delta Fasteners Inc',
      supplier: { _id: delta, name: 'Delta' },
      enabled: true,
      iban: globexIban,
    },
    totals: {
      grossValue: zero,
      discountValue: zero,
      costValue: zero,
      netValue: zero,
      taxValue: zero,
      value: zero,
      listValue: zero,
    },
  });
  secrets.push({ name: 'globex supplier iban', value: globexIban, side: 'globex', viewRoles: IBAN_ROLES });

  const sides: World['sides'] = {
    alfa: {
      tenant: 'acme',
      supplierId: alfa,
      order: alfaOrder.id,
      record: await recordWithIban(alfa, 'alfa', 'PT50000201231234567890154'),
      file: await attach('buyer', alfaOrder.id),
      description: alfaOrder.description,
    },
    beta: {
      tenant: 'acme',
      supplierId: beta,
      order: betaOrder.id,
      record: await recordWithIban(beta, 'beta', 'ES9121000418450200051332'),
      file: await attach('buyer', betaOrder.id),
      description: betaOrder.description,
    },
    globex: {
      tenant: 'globex',
      supplierId: delta,
      order: globexOrder._id,
      record: globexRecord,
      file: await attach('globex-buyer', globexOrder._id),
      description: globexDescription,
    },
  };

  // a notification of the globex buyer, so every caller has another tenant's notification to try
  await t.conn.db
    .insertInto('notifications')
    .values({ domain_id: 'globex', user_id: g.user._id, text: 'Authz probe', link: null, icon: null })
    .execute();
  const notifications = new Map<string, string[]>();
  for (const n of await t.conn.db.selectFrom('notifications').select(['id', 'user_id']).execute())
    notifications.set(n.user_id, [...(notifications.get(n.user_id) ?? []), n.id]);
  const groups = { acme: [] as string[], globex: [] as string[] };
  for (const row of await t.conn.db.selectFrom('groups').select(['id', 'domain_id']).execute())
    (row.domain_id === 'globex' ? groups.globex : groups.acme).push(row.id);

  // a pending supplier registration in each tenant and a pending sign-up (the admin's user actions)
  const registration = async (domain: string) =>
    (
      await ok(
        call<{ _id: string }>(t.app, 'POST', '/api/auth/supplier-registration', {
          body: {
            domain,
            company: {
              name: `Authz Parts ${domain} ${tag}`,
              vat: 'PT501234567',
              address: { street: 'Rua 1', postcode: '4050-262', city: 'Porto', country: 'PT' },
            },
            contact: {
              name: 'Olga',
              email: `authz-${domain}-${tag}@omega.example.com`,
              username: `az-${domain}-${tag}`,
            },
            acceptTerms: true,
          },
        }),
        'registration',
      )
    )._id;
  await ok(
    call(t.app, 'POST', '/api/auth/signup', {
      body: {
        username: `az-${tag}`,
        name: 'Authz Pending',
        email: `az-${tag}@acme.example.com`,
        password: STRONG_PASSWORD,
      },
    }),
    'signup',
  );
  const pending = await t.conn.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', `az-${tag}`)
    .executeTakeFirstOrThrow();
  return {
    users,
    sides,
    secrets,
    notifications,
    groups,
    registrations: { acme: await registration('acme'), globex: await registration('globex') },
    pendingUser: pending.id,
    signUpSetting: await api<unknown>('admin', 'GET', '/api/admin/settings/sign-up'),
  };
}
