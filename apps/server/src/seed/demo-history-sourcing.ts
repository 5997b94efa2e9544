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
} from './demo-history-model.ts';
import { approvalRounds, planApprovals, stateAt } from './demo-history-orders.ts';
import { addDays, centsOf, centsText, scaleCents } from './demo-history-random.ts';
import { HISTORY_SUPPLIERS } from './demo-history-suppliers.ts';

/**
 * Requisitions (approved and turned into ERP requisitions, a few rejected or closed, the recent
 * ones still drafts or in approval) and RFx with the proposals of the invited suppliers.
 */

const REQUISITIONS: Readonly<Record<string, { weight: number; groups: string[]; text: string }>> = {
  R005: { weight: 40, groups: ['MRO', 'SAFETY', 'PACKAGING'], text: 'Monthly replenishment' },
  R001: { weight: 15, groups: ['OFFICE'], text: 'Office supplies' },
  R003: { weight: 15, groups: ['SERVICES'], text: 'Service request' },
  R007: { weight: 12, groups: ['IT-HARDWARE', 'IT-SOFTWARE'], text: 'IT equipment' },
  R004: { weight: 8, groups: ['TOOLS', 'ELECTRICAL'], text: 'Investment' },
  R006: { weight: 10, groups: ['SPARE-PARTS'], text: 'Urgent repair' },
};

export function planRequisition(ctx: PlanContext, day: string): void {
  const { rnd } = ctx;
  const subtype = rnd.weighted(
    Object.fromEntries(Object.entries(REQUISITIONS).map(([k, v]) => [k, v.weight])) as Record<string, number>,
  );
  const kind = REQUISITIONS[subtype]!;
  const group = rnd.pick(kind.groups);
  const supplier = pickSupplier(rnd, group);
  const lines = linesFor(rnd, supplier, rnd.int(1, 4), { group, tax: 'IVA23' });
  const createdBy = rnd.chance(0.7) ? 'requester' : 'buyer';
  // the requester works for Purchasing Lisboa; the buyer files for every plant
  const place =
    createdBy === 'requester'
      ? { plant: 'pt-lisboa', group: 'purchasing-lisboa', location: 'lisboa-wh' }
      : placeFor(rnd, group);
  const requisition = addDoc(ctx, {
    model: 'requisition',
    subtype,
    erpKey: null,
    state: 'created',
    supplier: rnd.chance(0.5) ? supplier.name : null,
    requester: createdBy,
    createdBy,
    updatedBy: createdBy,
    group: place.group,
    plant: place.plant,
    createdAt: at(ctx, day),
    updatedAt: at(ctx, day),
    data: {
      description: `${kind.text} ${String(lines[0]!.description)}`,
      currency: 'EUR',
      deliveryDate: addDays(day, rnd.int(14, 45)),
      ...(hasService(lines) ? serviceRisk(rnd, `R-${ctx.docs.length}`) : {}),
    },
    lines,
  });
  const steps: Array<[string, string]> = [[day, rnd.chance(0.3) ? 'updated' : 'created']];
  const rounds = approvalRounds(ctx, addDays(day, rnd.int(0, 3)));
  steps.push(...planApprovals(ctx, requisition, rounds));
  const last = rounds.at(-1)!;
  if (last.outcome === 'approved') {
    if (rnd.chance(0.08)) steps.push([addDays(last.decide, rnd.int(5, 30)), 'closed']);
    else {
      const sent = addDays(last.decide, rnd.int(0, 2));
      steps.push([sent, 'erp']);
      if (rnd.chance(0.04)) steps.push([addDays(sent, 1), 'erp-fail'], [addDays(sent, rnd.int(3, 9)), 'erp']);
      steps.push([addDays(steps.at(-1)![0], 1), 'erp-done']);
    }
  }
  const [stepDay, state] = stateAt(ctx, steps);
  requisition.state = state;
  requisition.updatedAt = later(at(ctx, stepDay), requisition.createdAt);
  if (steps.some(([d, s]) => s === 'erp-done' && d < ctx.start))
    requisition.erpKey = nextErpKey(ctx, 'requisition');
}

const RFX_TOPICS = [
  ['SERVICES', 'Cleaning services'],
  ['SERVICES', 'Maintenance of compressors'],
  ['PACKAGING', 'Corrugated boxes, yearly volume'],
  ['SAFETY', 'Personal protective equipment'],
  ['IT-HARDWARE', 'Laptop renewal'],
  ['ELECTRICAL', 'LED lighting retrofit'],
  ['HYDRAULICS', 'Hydraulic components framework'],
  ['MRO', 'Lubricants and maintenance consumables'],
] as const;

type RfxStep = [string, string];

/** An RFx opened on `day`: invitations, proposals until the closing date, inspection, award, execution. */
export function planRfx(ctx: PlanContext, day: string): void {
  const { rnd } = ctx;
  const [group, topic] = rnd.pick(RFX_TOPICS);
  const invited = HISTORY_SUPPLIERS.filter((s) => s.groups.includes(group)).slice(0, 4);
  const base = invited[0] ?? pickSupplier(rnd, group);
  const lines = linesFor(rnd, base, rnd.int(1, 3), { group, tax: 'IVA23' }).map((l): Line => ({
    ...l,
    quantity: Number(l.quantity) * 12,
  }));
  const open = addDays(day, rnd.int(1, 3));
  const closingDate = addDays(open, rnd.int(14, 30));
  const rfx = addDoc(ctx, {
    model: 'purchase-rfx',
    subtype: null,
    erpKey: null,
    state: 'created',
    supplier: null,
    requester: null,
    createdBy: 'rfx-manager',
    updatedBy: 'rfx-manager',
    group: group.startsWith('IT-') ? 'it-services' : 'purchasing-lisboa',
    plant: 'pt-lisboa',
    createdAt: at(ctx, day),
    updatedAt: at(ctx, day),
    data: {
      description: `${topic} ${day.slice(0, 4)}`,
      rfxType: rnd.weighted({ RFQ: 5, RFP: 3, RFI: 1 }),
      closingDate,
      currency: 'EUR',
    },
    lines,
    suppliers: { suppliers: invited.map((s) => s.name) },
  });
  const inspection = addDays(closingDate, rnd.int(1, 3));
  const proposed = addDays(inspection, rnd.int(2, 7));
  const approval = addDays(proposed, rnd.int(1, 4));
  const execution = addDays(approval, rnd.int(2, 6));
  const steps: RfxStep[] = [
    [day, 'created'],
    [open, 'proposal'],
    [inspection, 'first-inspection'],
    [proposed, 'proposed'],
    [approval, 'first-approval'],
    [execution, 'execution'],
    [addDays(execution, rnd.int(30, 90)), 'final-inspection'],
  ];
  const [stepDay, state] = stateAt(ctx, steps);
  rfx.state = state;
  rfx.updatedAt = later(at(ctx, stepDay), rfx.createdAt);
  if (open >= ctx.start) return;
  for (const supplier of invited) {
    const submittedOn = addDays(open, rnd.int(2, 14));
    const submitted = submittedOn < closingDate && submittedOn < ctx.start && rnd.chance(0.85);
    const invitedAt = later(at(ctx, open), rfx.createdAt);
    addDoc(ctx, {
      model: 'rfx-proposal',
      subtype: null,
      erpKey: null,
      state: submitted ? 'completed' : closingDate < ctx.start ? 'created' : rnd.pick(['created', 'updated']),
      supplier: supplier.name,
      requester: null,
      createdBy: 'rfx-manager',
      updatedBy: 'rfx-manager',
      group: rfx.group,
      plant: rfx.plant,
      createdAt: invitedAt,
      updatedAt: submitted ? later(at(ctx, submittedOn), invitedAt) : invitedAt,
      data: {
        description: String(rfx.data.description),
        rfxType: rfx.data.rfxType,
        closingDate,
        currency: 'EUR',
        ...(submitted ? { validUntil: addDays(closingDate, 90), deliveryDays: rnd.int(5, 30) } : {}),
      },
      lines: lines.map((l): Line => {
        const { price, priceInfo: _discount, ...rest } = l;
        return submitted
          ? { ...rest, price: centsText(scaleCents(centsOf(String(price)), rnd.int(88, 118))) }
          : rest;
      }),
      parentRef: rfx.ref,
    });
  }
}
