import type { ApprovalConditions, ApprovalLevelSpec } from '@p2p/domain';
import { json, type Db } from '../db/database.ts';
import { approvalRepository } from '../approvals/approval.repository.ts';

/**
 * The demo tenant's approval rules, written once (a marker in app_settings) with the demo data:
 * - large orders (50,000 EUR and more) go to the purchasing manager, then to the director;
 * - requisitions with service lines go to a committee where 2 of 3 must approve;
 * - requisitions of Purchasing Lisboa go to the tenant's managers (what the requester sees in the
 *   "who will approve" panel, with the rule's name);
 * - investment (R004) requisitions of 10,000 EUR and more also need the director;
 * - contracts go to the managers, then the director.
 * Orders under 50,000 EUR match no rule: the tenant's managers approve them (the fallback).
 */

interface DemoRule {
  model: 'requisition' | 'order' | 'contract';
  name: string;
  priority: number;
  conditions: (ids: Ids) => ApprovalConditions;
  levels: (ids: Ids) => ApprovalLevelSpec[];
}

interface Ids {
  user: (username: string) => { _id: string; name: string };
  group: (key: string) => string;
}

const RULES: DemoRule[] = [
  {
    model: 'order',
    name: 'Large orders',
    priority: 10,
    conditions: () => ({ amount: { min: '50000' } }),
    levels: (ids) => [
      { kind: 'role', role: 'manager-purchasing' },
      { kind: 'user', user: ids.user('director') },
    ],
  },
  {
    model: 'requisition',
    name: 'Service requisitions committee',
    priority: 10,
    conditions: () => ({ lineTypes: ['service'] }),
    levels: (ids) => [
      {
        kind: 'committee',
        members: [ids.user('manager'), ids.user('director'), ids.user('manager-purchasing')],
        required: 2,
      },
    ],
  },
  {
    model: 'requisition',
    name: 'Purchasing Lisboa requisitions',
    priority: 20,
    conditions: (ids) => ({ groups: [ids.group('purchasing-lisboa')] }),
    levels: () => [{ kind: 'role', role: 'manager' }],
  },
  {
    model: 'requisition',
    name: 'Investment requisitions',
    priority: 30,
    conditions: () => ({ subtypes: ['R004'], amount: { min: '10000' } }),
    levels: (ids) => [{ kind: 'user', user: ids.user('director') }],
  },
  {
    model: 'contract',
    name: 'Contracts',
    priority: 10,
    conditions: () => ({}),
    levels: (ids) => [
      { kind: 'role', role: 'manager' },
      { kind: 'user', user: ids.user('director') },
    ],
  },
];

export async function insertDemoApprovalRules(db: Db, domainId: string): Promise<void> {
  const first = await db
    .insertInto('app_settings')
    .values({ domain_id: domainId, key: 'demo-approval-rules', value: json(true) })
    .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!first) return;
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('domain_id', '=', domainId)
        .execute()
    ).map((u) => [u.username, { _id: u.id, name: u.name }]),
  );
  const groups = new Map(
    (await db.selectFrom('groups').select(['id', 'key']).where('domain_id', '=', domainId).execute()).map(
      (g) => [g.key, g.id],
    ),
  );
  const ids: Ids = {
    user: (username) => users.get(username)!,
    group: (key) => groups.get(key)!,
  };
  const repo = approvalRepository(db);
  for (const rule of RULES)
    await repo.insertRule(domainId, null, {
      model: rule.model,
      name: rule.name,
      priority: rule.priority,
      conditions: rule.conditions(ids),
      levels: rule.levels(ids),
      enabled: true,
    });
}
