import { RECEIVED_STATES, receptionStatusIcon } from '@p2p/domain';
import {
  addDoc,
  at,
  hasService,
  later,
  linesFor,
  nextErpKey,
  pickSupplier,
  placeFor,
  serviceRisk,
  type Line,
  type PlanContext,
  type PlannedDoc,
} from './demo-history-model.ts';
import { addDays, daysBetween } from './demo-history-random.ts';
import type { HistorySupplier } from './demo-history-suppliers.ts';
import { planReceiptFollowUps } from './demo-history-receipts.ts';

/**
 * One order of the history and what followed it: its approvals (some rejected, some rejected and
 * submitted again), the ERP, the supplier's confirmation, deliveries (late ones by the supplier's
 * habit, some in two shipments, a few never completed), receptions, the order evaluation and the
 * complaints. Each step happens on a day after the one before; the order's state is the last step
 * before the start day, so recent orders are still under way and old ones are closed.
 */

type Step = [day: string, state: string];

const MATERIAL_SUBTYPES = { P001: 60, P009: 12, P004: 6, P005: 5, P011: 9, P012: 5, P003: 3 };

export interface ApprovalRound {
  submit: string;
  decide: string;
  outcome: 'approved' | 'rejected';
}

/** The approval rounds of a document submitted on `submit` (rejected for good, or once and again). */
export function approvalRounds(ctx: PlanContext, submit: string): ApprovalRound[] {
  const { rnd } = ctx;
  const decide = addDays(submit, rnd.int(0, 4));
  if (rnd.chance(0.05)) return [{ submit, decide, outcome: 'rejected' }];
  if (!rnd.chance(0.07)) return [{ submit, decide, outcome: 'approved' }];
  const again = addDays(decide, rnd.int(1, 3));
  return [
    { submit, decide, outcome: 'rejected' },
    { submit: again, decide: addDays(again, rnd.int(0, 3)), outcome: 'approved' },
  ];
}

/** The approval documents of the rounds that had begun before the start day, and the parent's steps. */
export function planApprovals(ctx: PlanContext, parent: PlannedDoc, rounds: ApprovalRound[]): Step[] {
  const steps: Step[] = [];
  for (const r of rounds) {
    if (r.submit >= ctx.start) break;
    const decided = r.decide < ctx.start;
    const submitted = later(at(ctx, r.submit), parent.createdAt);
    steps.push([r.submit, 'approval']);
    if (decided) steps.push([r.decide, r.outcome]);
    addDoc(ctx, {
      model: 'approval',
      subtype: null,
      erpKey: null,
      state: 'manager-approval',
      supplier: null,
      requester: parent.requester,
      createdBy: parent.createdBy,
      updatedBy: parent.createdBy,
      group: parent.group,
      plant: parent.plant,
      createdAt: submitted,
      updatedAt: decided ? later(at(ctx, r.decide), submitted) : submitted,
      data: {},
      lines: [],
      parentRef: parent.ref,
      approval: {
        outcome: decided ? r.outcome : null,
        decidedAt: decided ? later(at(ctx, r.decide), submitted) : null,
        comment: r.outcome === 'rejected' ? 'Price above the budget of the cost centre.' : '',
      },
    });
  }
  return steps;
}

/** The state of the last step before the start day, and the day it happened. */
export function stateAt(ctx: PlanContext, steps: Step[]): Step {
  return steps.filter(([day]) => day < ctx.start).at(-1)!;
}

function orderShape(ctx: PlanContext): { supplier: HistorySupplier; group: string; subtype: string } {
  const { rnd } = ctx;
  if (rnd.chance(0.16)) {
    return {
      supplier: pickSupplier(rnd, 'SERVICES'),
      group: 'SERVICES',
      subtype: rnd.pick(['P002', 'P010']),
    };
  }
  const supplier = pickSupplier(rnd);
  const goods = supplier.groups.filter((g) => g !== 'SERVICES');
  if (!goods.length) return { supplier, group: 'SERVICES', subtype: 'P002' };
  return { supplier, group: rnd.pick(goods), subtype: rnd.weighted(MATERIAL_SUBTYPES) };
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  P001: 'Replenishment',
  P002: 'Services',
  P003: 'Subcontracted work',
  P004: 'Consignment stock',
  P005: 'Stock transfer',
  P009: 'Spot purchase',
  P010: 'Maintenance and repair',
  P011: 'Call-off',
  P012: 'Emergency purchase',
};

/** An order created on `day` and everything after it. */
export function planOrder(ctx: PlanContext, day: string): void {
  const { rnd } = ctx;
  const { supplier, group, subtype } = orderShape(ctx);
  const place = placeFor(rnd, group);
  const lineCount = subtype === 'P009' || subtype === 'P012' ? rnd.int(1, 2) : rnd.int(1, 6);
  const lines = linesFor(rnd, supplier, lineCount, { group });
  const createdBy = rnd.chance(0.65) ? 'buyer' : 'manager';
  const requester = rnd.chance(0.45) ? 'requester' : createdBy;
  const lead = subtype === 'P012' ? rnd.int(1, 3) : rnd.int(7, 35);
  const deliveryDate = addDays(day, lead);
  const month = day.slice(0, 7);
  const order = addDoc(ctx, {
    model: 'order',
    subtype,
    erpKey: null,
    state: 'created',
    supplier: supplier.name,
    requester,
    createdBy,
    updatedBy: createdBy,
    group: place.group,
    plant: place.plant,
    createdAt: at(ctx, day),
    updatedAt: at(ctx, day),
    data: {
      description: `${DESCRIPTIONS[subtype]} ${String(lines[0]!.description)} ${month}`,
      currency: 'EUR',
      exchangeRate: 1,
      deliveryDate,
      paymentTerms: rnd.pick(['30D', '60D', '60D', '90D']),
      // seed 000 section 5: the delivery lock is the rule's value except on P009 spot orders
      deliveryLock: subtype !== 'P009',
      ...(hasService(lines) ? serviceRisk(rnd, `${month}-${ctx.docs.length}`) : {}),
    },
    lines,
    location: place.location,
  });
  const steps: Step[] = [[day, rnd.chance(0.4) ? 'updated' : 'created']];
  const rounds = approvalRounds(ctx, addDays(day, rnd.int(0, 2)));
  steps.push(...planApprovals(ctx, order, rounds));
  const approved = rounds.at(-1)!;
  if (approved.outcome === 'approved') {
    const sent = addDays(approved.decide, rnd.int(0, 1));
    steps.push([sent, 'erp']);
    let done = addDays(sent, rnd.int(0, 1));
    if (rnd.chance(0.05)) {
      steps.push([done, 'erp-fail'], [addDays(done, rnd.int(1, 4)), 'erp']);
      done = addDays(steps.at(-1)![0], 1);
    }
    steps.push([done, 'erp-done']);
    let confirmed = addDays(done, rnd.int(1, 4));
    if (rnd.chance(0.07)) {
      steps.push([confirmed, 'negotiation']);
      confirmed = addDays(confirmed, rnd.int(2, 6));
    }
    steps.push([confirmed, 'completed']);
  }
  const [stepDay, state] = stateAt(ctx, steps);
  order.state = state;
  order.updatedAt = later(at(ctx, stepDay), order.createdAt);
  if (steps.some(([d, s]) => s === 'erp-done' && d < ctx.start)) order.erpKey = nextErpKey(ctx, 'order');
  if (state === 'completed') receive(ctx, order, supplier, steps.at(-1)![0]);
}

/** Deliveries against a confirmed order; the order closes when every line is received. */
function receive(ctx: PlanContext, order: PlannedDoc, supplier: HistorySupplier, confirmed: string): void {
  const { rnd } = ctx;
  const planned = String(order.data.deliveryDate);
  const late = rnd.chance(supplier.lateness);
  const delay = late ? (rnd.chance(0.12) ? rnd.int(16, 40) : rnd.int(1, 15)) : -rnd.int(0, 3);
  let first = addDays(planned, delay);
  if (first <= confirmed) first = addDays(confirmed, 1);
  const split = order.lines.some((l) => Number(l.quantity) >= 2) && rnd.chance(0.2);
  const open = rnd.chance(0.04); // a rest the supplier never delivered
  const shipments: Array<{ day: string; share: number }> = split
    ? [
        { day: first, share: rnd.int(50, 80) },
        ...(open ? [] : [{ day: addDays(first, rnd.int(5, 20)), share: 100 }]),
      ]
    : [{ day: first, share: open ? rnd.int(60, 90) : 100 }];
  // what the receptions took (they never exceed the order) and what the ERP received (_cq)
  const taken = new Map<number, number>();
  const receivedQty = new Map<number, number>();
  let closedOn: string | null = null;
  for (const [i, s] of shipments.entries()) {
    if (s.day >= ctx.start) break;
    const lines: Line[] = [];
    for (const l of order.lines) {
      const q = Number(l.quantity);
      const before = taken.get(Number(l.pos)) ?? 0;
      const upTo = s.share === 100 ? q : Math.floor((q * s.share) / 100);
      if (upTo > before) lines.push({ ...copyOrderLine(l), quantity: upTo - before });
    }
    if (!lines.length) continue;
    for (const l of lines) taken.set(Number(l.pos), (taken.get(Number(l.pos)) ?? 0) + Number(l.quantity));
    const state = receptionState(ctx, s.day);
    const received = later(at(ctx, s.day), order.updatedAt);
    if ((RECEIVED_STATES as readonly string[]).includes(state))
      for (const l of lines)
        receivedQty.set(Number(l.pos), (receivedQty.get(Number(l.pos)) ?? 0) + Number(l.quantity));
    const reception = addDoc(ctx, {
      model: 'reception',
      subtype: 'GR',
      erpKey: ['created', 'erp', 'erp-fail'].includes(state) ? null : nextErpKey(ctx, 'reception'),
      state,
      supplier: order.supplier,
      requester: order.requester,
      createdBy: order.requester === 'requester' ? 'requester' : 'buyer',
      updatedBy: order.requester === 'requester' ? 'requester' : 'buyer',
      group: order.group,
      plant: order.plant,
      createdAt: received,
      updatedAt: state === 'erp-done' ? received : later(at(ctx, s.day, 1), received),
      data: {
        description: String(order.data.description),
        reference: { order: order.erpKey },
        receivedAt: s.day,
        deliveryNote: `DN-${order.erpKey}-${i + 1}`,
        status: receptionStatusIcon(state),
      },
      lines,
    });
    if (
      state === 'erp-done' &&
      order.lines.every((l) => receivedQty.get(Number(l.pos)) === Number(l.quantity))
    )
      closedOn = s.day;
    planReceiptFollowUps(ctx, order, reception, daysBetween(planned, s.day), i === 0);
  }
  for (const l of order.lines) {
    const q = receivedQty.get(Number(l.pos));
    if (q) l._cq = q;
  }
  if (closedOn) {
    order.state = 'closed';
    order.data.receipt = 'receive';
    order.updatedAt = later(at(ctx, closedOn), order.updatedAt);
  } else if (taken.size === 0 && rnd.chance(0.35) && planned < addDays(ctx.start, 10)) {
    dispatch(ctx, order);
  }
}

const COPIED = ['pos', 'item', 'description', 'type', 'unit', 'price', 'priceInfo', 'tax'] as const;
const copyOrderLine = (l: Line): Line => {
  const out: Line = {};
  for (const k of COPIED) if (l[k] !== undefined) out[k] = l[k];
  return out;
};

/** Old receipts are in the ERP; the last days' still being posted or failed. */
function receptionState(ctx: PlanContext, day: string): string {
  const { rnd } = ctx;
  const age = daysBetween(day, ctx.start);
  if (age <= 3) return rnd.weighted({ created: 2, erp: 3, 'erp-done': 5 });
  if (age <= 30 && rnd.chance(0.04)) return 'erp-fail';
  if (rnd.chance(0.01)) return 'reverse-fail';
  return 'erp-done';
}

/** The demo suppliers with an account of their own: only they dispatch through the portal. */
const SUPPLIER_USERS: Readonly<Record<string, string>> = {
  'Alfa Components Lda': 'supplier',
  'Beta Logistics SA': 'supplier2',
};

/** The supplier announced the goods: a dispatch on the way (it reserves the open quantities). */
function dispatch(ctx: PlanContext, order: PlannedDoc): void {
  const by = SUPPLIER_USERS[order.supplier ?? ''];
  if (!by) return;
  const shipped = addDays(ctx.start, -ctx.rnd.int(1, 3));
  if (shipped <= order.updatedAt.toISOString().slice(0, 10)) return;
  addDoc(ctx, {
    model: 'reception',
    subtype: 'SD',
    erpKey: null,
    state: 'dispatched',
    supplier: order.supplier,
    requester: order.requester,
    createdBy: by,
    updatedBy: by,
    group: order.group,
    plant: order.plant,
    createdAt: later(at(ctx, shipped), order.updatedAt),
    updatedAt: later(at(ctx, shipped), order.updatedAt),
    data: {
      description: String(order.data.description),
      reference: { order: order.erpKey },
      shippedAt: shipped,
      status: receptionStatusIcon('dispatched'),
    },
    lines: order.lines.map((l) => ({ ...copyOrderLine(l), quantity: l.quantity })),
  });
}
