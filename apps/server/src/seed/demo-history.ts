import {
  APPROVAL_MODEL,
  internalDocumentKey,
  type ApprovalRuleLike,
  type DocumentLike,
  type LineLike,
} from '@p2p/domain';
import { approvalData, approvalStateOf, parentAssignees } from '../approvals/approval.document.ts';
import { approvalRepository } from '../approvals/approval.repository.ts';
import { json, type Db } from '../db/database.ts';
import { lineWrites, priceLines } from '../documents/document.pricing.ts';
import { historyApprovalProgress, type ApprovalInputs } from './demo-history-approvals.ts';
import { planContract } from './demo-history-contracts.ts';
import { countOn, type PlanContext, type PlannedDoc } from './demo-history-model.ts';
import { planOrder } from './demo-history-orders.ts';
import { addDays, daysBetween, seededRandom } from './demo-history-random.ts';
import { planRequisition, planRfx } from './demo-history-sourcing.ts';
import { NEW_HISTORY_SUPPLIERS } from './demo-history-suppliers.ts';
import {
  insertDocuments,
  insertLines,
  insertMessages,
  reserveIds,
  takeKeyNumbers,
  type HistoryRow,
} from './demo-history-write.ts';

/**
 * Two years of purchasing history for the demo tenant (issue 9): requisitions, orders, contracts,
 * receptions, evaluations, complaints, RFx with proposals and the approval records, over the 730
 * days before the first start, from a seeded PRNG: the same start day gives the same data. The
 * planner is pure (planHistory); insertDemoHistory writes its plan in batches, priced by the
 * domain's money rules (priceLines -> computeDocument), numbered from the tenant's counters.
 */

const SEED = 20_240_101;
const DAYS = 730;

/** Documents per working day, before the season and the growth of the business. */
const RATES = { requisition: 1.15, order: 1.75, contract: 0.13, rfx: 0.09 };

export function planHistory(start: string, seed = SEED): PlannedDoc[] {
  const ctx: PlanContext = {
    rnd: seededRandom(seed),
    start,
    docs: [],
    erp: {
      order: 4_500_020_000,
      requisition: 1_000_020_000,
      contract: 4_600_020_000,
      reception: 5_000_020_000,
    },
  };
  const first = addDays(start, -DAYS);
  for (let day = first; day < start; day = addDays(day, 1)) {
    const progress = daysBetween(first, day) / DAYS;
    for (let n = countOn(ctx.rnd, day, RATES.requisition, progress); n > 0; n--) planRequisition(ctx, day);
    for (let n = countOn(ctx.rnd, day, RATES.order, progress); n > 0; n--) planOrder(ctx, day);
    for (let n = countOn(ctx.rnd, day, RATES.contract, progress); n > 0; n--) planContract(ctx, day);
    for (let n = countOn(ctx.rnd, day, RATES.rfx, progress); n > 0; n--) planRfx(ctx, day);
  }
  return ctx.docs;
}

type Ref = { _id: string; name: string };

async function lookups(db: Db, domainId: string) {
  const byKey = async (table: 'groups' | 'locations') =>
    new Map(
      (
        await db.selectFrom(table).select(['id', 'key', 'name']).where('domain_id', '=', domainId).execute()
      ).map((r) => [r.key, r] as const),
    );
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('domain_id', '=', domainId)
        .execute()
    ).map((u) => [u.username, { _id: u.id, name: u.name }] as const),
  );
  const suppliers = new Map(
    (await db.selectFrom('suppliers').select(['id', 'name']).where('domain_id', '=', domainId).execute()).map(
      (s) => [s.name, { _id: s.id, name: s.name }] as const,
    ),
  );
  const rules = new Map<string, ApprovalRuleLike[]>();
  for (const r of await approvalRepository(db).rules(domainId))
    rules.set(r.model, [...(rules.get(r.model) ?? []), { ...r, _id: r.id }]);
  const inputs: ApprovalInputs = { rules, people: await approvalRepository(db).people(domainId) };
  return { groups: await byKey('groups'), locations: await byKey('locations'), users, suppliers, inputs };
}

/** Writes the history once per tenant (a marker in app_settings); answers the documents written. */
export async function insertDemoHistory(db: Db, domainId: string, start: string): Promise<number> {
  const first = await db
    .insertInto('app_settings')
    .values({ domain_id: domainId, key: 'demo-history', value: json({ start }) })
    .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!first) return 0;
  await db
    .insertInto('suppliers')
    .values(
      NEW_HISTORY_SUPPLIERS.map((s) => ({
        domain_id: domainId,
        name: s.name,
        vat: s.vat,
        status: 'active' as const,
        data: json({ address: { city: s.city, country: s.country } }),
      })),
    )
    .execute();
  const plan = planHistory(start);
  const look = await lookups(db, domainId);
  const user = (username: string): Ref => {
    const u = look.users.get(username);
    if (!u) throw new Error(`demo history: no user ${username}`);
    return u;
  };
  const ids = await reserveIds(db, plan.length);
  const keys = await numbers(db, domainId, plan);
  const priced = plan.map((d) => priceLines(d.lines, d.state));
  const data = plan.map((d) => ({ ...d.data }));

  // approvals as the submit opened them; each parent keeps its latest one (parentData)
  for (const d of plan) {
    if (d.parentRef === undefined) continue;
    const p = d.parentRef;
    const parent = plan[p]!;
    if (d.model === 'rfx-proposal') {
      Object.assign(data[d.ref]!, {
        name: `${keys[p]} – ${d.supplier ?? ''}`,
        rfxNumber: keys[p],
        reference: { rfx: { _id: ids[p], key: keys[p], description: String(parent.data.description) } },
      });
      continue;
    }
    const doc = {
      ...parent.data,
      doc: { type: parent.model, subtype: parent.subtype },
      group: parent.group ? { _id: look.groups.get(parent.group)!.id } : null,
      plant: parent.plant,
      lines: priced[p]!.lines as unknown as LineLike[],
    } as DocumentLike;
    const authors = [user(parent.createdBy)._id, ...(parent.requester ? [user(parent.requester)._id] : [])];
    const progress = historyApprovalProgress(
      look.inputs,
      parent.model,
      doc,
      authors,
      d.createdAt,
      d.approval!,
    );
    // nobody could approve (the submit would have been refused): the test of the demo data says so
    if (!progress) throw new Error(`demo history: nobody approves ${parent.model} ${keys[p]}`);
    d.state = approvalStateOf(progress);
    data[d.ref] = approvalData(
      {
        parent: { _id: ids[p], model: parent.model, key: keys[p] },
        description: String(parent.data.description),
      },
      progress,
    );
    Object.assign(data[p]!, {
      assignees: parentAssignees(progress),
      approval: { _id: ids[d.ref], state: d.state },
    });
  }

  const rows = plan.map((d, i): HistoryRow => {
    const supplier = d.supplier ? look.suppliers.get(d.supplier) : undefined;
    const location = d.location ? look.locations.get(d.location) : undefined;
    const full: Record<string, unknown> = {
      ...data[i],
      ...(supplier ? { supplier } : {}),
      ...(location ? { location: { _id: location.id, name: location.name } } : {}),
    };
    for (const [k, names] of Object.entries(d.people ?? {})) full[k] = names.map(user);
    for (const [k, names] of Object.entries(d.suppliers ?? {}))
      full[k] = names.map((n) => look.suppliers.get(n)!);
    return {
      id: ids[i]!,
      model: d.model,
      type: d.model,
      subtype: d.subtype,
      key: keys[i]!,
      state: d.state,
      supplier_id: supplier?._id ?? null,
      requester_id: d.requester ? user(d.requester)._id : null,
      group_id: d.group ? (look.groups.get(d.group)?.id ?? null) : null,
      plant: d.plant,
      data: full,
      totals: priced[i]!.totals,
      created_by: user(d.createdBy)._id,
      updated_by: user(d.updatedBy)._id,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    };
  });
  await insertDocuments(db, domainId, rows);
  await insertLines(
    db,
    domainId,
    plan.flatMap((_, i) => lineWrites(priced[i]!.lines).map((l) => ({ ...l, document_id: ids[i]! }))),
  );
  await insertMessages(
    db,
    domainId,
    plan.flatMap((d, i) => timeline(d, ids[i]!, user)),
  );
  return plan.length;
}

/** The documents' numbers: the ERP's, else the tenant's counter per model, in plan order. */
async function numbers(db: Db, domainId: string, plan: readonly PlannedDoc[]): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const d of plan) if (!d.erpKey) counts.set(d.model, (counts.get(d.model) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [model, n] of counts) next.set(model, await takeKeyNumbers(db, domainId, model, n));
  return plan.map((d) => {
    if (d.erpKey) return d.erpKey;
    const n = next.get(d.model)!;
    next.set(d.model, n + 1);
    return internalDocumentKey(d.model, n);
  });
}

/** The timeline's first entries: the creation (an approval: the submit), then the step into the state. */
function timeline(d: PlannedDoc, id: string, user: (username: string) => Ref) {
  const approval = d.model === APPROVAL_MODEL;
  const opened = approval ? 'manager-approval' : 'created';
  const created = {
    documentId: id,
    state: opened,
    ts: d.createdAt,
    userId: user(d.createdBy)._id,
    tracking: approval ? { action: 'submit-approval', from: null, to: opened } : null,
  };
  if (d.state === opened) return [created];
  const tracking = { action: 'workflow', from: opened, to: d.state };
  return [
    created,
    { documentId: id, state: d.state, ts: d.updatedAt, userId: user(d.updatedBy)._id, tracking },
  ];
}
