import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_DOMAINS, DEMO_PASSWORD, type DemoDomain, type DemoNode } from './demo-data.ts';
import { insertDemoApprovalRules } from './demo-approvals.ts';
import { backfillDemoDocuments, insertDemoDocuments } from './demo-documents.ts';
import { ensureDemoMaterialGroups } from './demo-unspsc.ts';
import { ensureDemoItems } from './demo-items.ts';
import { insertDemoHistory } from './demo-history.ts';
import { insertDemoMapPlaces } from './demo-map-places.ts';
import { ensureDemoErpErrors } from './demo-erp-errors.ts';
import { ensureRoles } from './roles.ts';

/** Empty means no domain and no user yet: demo data never lands on top of real data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [domain, user] = await Promise.all([
    db.selectFrom('domains').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  return !domain && !user;
}

async function insertDomain(trx: Db, d: DemoDomain, passwordHash: string): Promise<void> {
  await trx
    .insertInto('domains')
    .values({ id: d.id, name: d.name, theme: d.theme, logo: d.logo, settings: json({}) })
    .execute();

  const groupIds = new Map<string, string>();
  for (const g of d.groups) {
    const row = await trx
      .insertInto('groups')
      .values({ domain_id: d.id, key: g.key, name: g.name, filter: json(g.filter ?? {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.set(g.key, row.id);
  }

  const insertNode = async (node: DemoNode, parentId: string | null, position: number): Promise<void> => {
    const row = await trx
      .insertInto('org_nodes')
      .values({
        domain_id: d.id,
        parent_id: parentId,
        type: node.type,
        key: node.key,
        label: node.label,
        group_id: groupIds.get(node.group) ?? null,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, child] of (node.children ?? []).entries()) await insertNode(child, row.id, i);
  };
  for (const [i, node] of d.organization.entries()) await insertNode(node, null, i);

  const locationIds = new Map<string, string>();
  for (const l of d.locations) {
    const row = await trx
      .insertInto('locations')
      .values({ domain_id: d.id, key: l.key, name: l.name, address: json(l.address) })
      .returning('id')
      .executeTakeFirstOrThrow();
    locationIds.set(l.key, row.id);
  }
  const workgroupIds = new Map<string, string>();
  for (const w of d.workgroups) {
    const row = await trx
      .insertInto('workgroups')
      .values({ domain_id: d.id, key: w.key, name: w.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    workgroupIds.set(w.key, row.id);
  }

  const supplierIds = new Map<string, string>();
  for (const s of d.suppliers) {
    const row = await trx
      .insertInto('suppliers')
      .values({ domain_id: d.id, name: s.name, vat: s.vat, status: 'active', data: json(s.data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    supplierIds.set(s.name, row.id);
  }

  const userIds = new Map<string, string>();
  for (const u of d.users) {
    const group = u.group ? groupIds.get(u.group) : undefined;
    const row = await trx
      .insertInto('users')
      .values({
        domain_id: d.id,
        username: u.username,
        name: u.name,
        email: `${u.username}@${d.id}.example.com`,
        password_hash: u.noPassword ? null : passwordHash,
        role_key: u.role,
        lang: u.lang ?? 'en',
        supplier_id: u.supplier ? (supplierIds.get(u.supplier) ?? null) : null,
        filter: json(u.filter ?? {}),
        filter_data: u.filterData ?? false,
        context: json(group ? { group, active: 'group' } : {}),
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.set(u.username, row.id);
    const roles = [u.role, ...(u.extraRoles ?? [])];
    await trx
      .insertInto('user_roles')
      .values(roles.map((role_key) => ({ user_id: row.id, role_key })))
      .execute();
    const groups = (u.groups ?? []).map((k) => groupIds.get(k)).filter((id): id is string => Boolean(id));
    if (groups.length) {
      await trx
        .insertInto('user_groups')
        .values(groups.map((group_id) => ({ user_id: row.id, group_id })))
        .execute();
    }
    const locations = (u.locations ?? []).map((k) => locationIds.get(k)!);
    if (locations.length)
      await trx
        .insertInto('user_locations')
        .values(locations.map((location_id) => ({ user_id: row.id, location_id })))
        .execute();
    const workgroups = (u.workgroups ?? []).map((k) => workgroupIds.get(k)!);
    if (workgroups.length)
      await trx
        .insertInto('user_workgroups')
        .values(workgroups.map((workgroup_id) => ({ user_id: row.id, workgroup_id })))
        .execute();
  }

  for (const n of d.notifications) {
    const userId = userIds.get(n.username);
    if (!userId) continue;
    await trx
      .insertInto('notifications')
      .values({
        domain_id: d.id,
        user_id: userId,
        text: n.text,
        link: n.link,
        icon: n.icon,
        read: n.read,
        ts: new Date(Date.now() - n.hoursAgo * 3600_000),
      })
      .execute();
  }
}

/**
 * Reference data always; demo tenants only on an empty database when `demo` is on.
 * Returns whether demo data was written.
 */
export async function seed(
  db: Db,
  opts: {
    demo: boolean;
    /**
     * also two years of demo history (issue 9; the server's first start): the test suites seed
     * without it, their expectations count the 14 demo orders
     */
    history?: boolean;
    /** the day the history ends (default today) */
    now?: Date;
  },
): Promise<boolean> {
  await ensureRoles(db);
  if (!opts.demo) return false;
  if (!(await isDatabaseEmpty(db))) {
    await backfillDemoDocuments(db);
    await ensureDemoItems(db);
    await ensureDemoMaterialGroups(db);
    await ensureDemoErpErrors(db);
    return false;
  }
  // One hash for every demo account: argon2 is deliberately slow and the password is shared.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const d of DEMO_DOMAINS) await insertDomain(trx, d, passwordHash);
    await insertDemoDocuments(trx, 'acme');
    await insertDemoApprovalRules(trx, 'acme');
    await ensureDemoItems(trx);
    await ensureDemoMaterialGroups(trx);
    await insertDemoMapPlaces(trx);
    // two years of history before the first start (issue 9): dashboards and reports with a shape
    if (opts.history)
      await insertDemoHistory(trx, 'acme', (opts.now ?? new Date()).toISOString().slice(0, 10));
    await ensureDemoErpErrors(trx);
  });
  return true;
}
