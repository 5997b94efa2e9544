import { RECEIVED_STATES } from '@p2p/domain';
import { addDoc, at, hasService, later, type PlanContext, type PlannedDoc } from './demo-history-model.ts';
import { addDays, daysBetween } from './demo-history-random.ts';

/**
 * What a receipt brings after it: the order evaluation (one per order, due when its first receipt
 * is posted, as evaluation.due.ts makes it) and complaints (late deliveries, damaged goods).
 */

const QUALITY_TEXTS = [
  'Three boxes arrived crushed.',
  'Wrong dimensions on part of the delivery.',
  'Certificates of conformity missing.',
  'Corrosion on several parts.',
  'Labels do not match the order.',
];

/** Scores 1 to 5: a late delivery scores low on delivery. */
function scores(ctx: PlanContext, late: number, service: boolean): Record<string, number> {
  const { rnd } = ctx;
  const delivery = late > 10 ? rnd.int(1, 2) : late > 0 ? rnd.int(2, 3) : rnd.int(4, 5);
  return service
    ? { quality: rnd.int(3, 5), safety: rnd.int(3, 5), communication: delivery }
    : { quality: rnd.int(3, 5), delivery, documentation: rnd.int(3, 5) };
}

/** The average of the scores with one decimal, computed in tenths (whole numbers). */
const average = (s: Record<string, number>): number => {
  const values = Object.values(s);
  const tenths = Math.round((values.reduce((a, b) => a + b, 0) * 10) / values.length);
  return tenths / 10;
};

export function planReceiptFollowUps(
  ctx: PlanContext,
  order: PlannedDoc,
  reception: PlannedDoc,
  daysLate: number,
  first: boolean,
): void {
  const { rnd } = ctx;
  const day = String(reception.data.receivedAt);
  const age = daysBetween(day, ctx.start);
  const received = (RECEIVED_STATES as readonly string[]).includes(reception.state);
  if (first && received) {
    const service = hasService(order.lines);
    const completed = age > 20 ? rnd.chance(0.95) : age > 5 && rnd.chance(0.3);
    const s = scores(ctx, daysLate, service);
    const evaluators = [...new Set([order.requester ?? order.createdBy, order.createdBy])];
    const createdAt = later(at(ctx, day), reception.createdAt);
    addDoc(ctx, {
      model: 'order-evaluation',
      subtype: null,
      erpKey: null,
      state: completed ? 'completed' : 'created',
      supplier: order.supplier,
      requester: order.requester,
      createdBy: reception.createdBy,
      updatedBy: completed ? evaluators[0]! : reception.createdBy,
      group: order.group,
      plant: order.plant,
      createdAt,
      updatedAt: completed ? later(at(ctx, day, rnd.int(2, 15)), createdAt) : createdAt,
      data: {
        description: String(order.data.description),
        parent: order.erpKey,
        period: day.slice(0, 7),
        ...(completed
          ? { [service ? 'eval_items_service' : 'eval_items_material']: s, ssaTotal: average(s) }
          : {}),
      },
      lines: [],
      people: {
        requesterEvaluators: order.requester ? [order.requester] : [],
        possibleEvaluators: evaluators,
        assignees: evaluators,
      },
    });
  }
  const lateComplaint = daysLate > 5 && rnd.chance(0.4);
  const qualityComplaint = received && rnd.chance(0.03);
  if (!lateComplaint && !qualityComplaint) return;
  const opened = addDays(day, rnd.int(1, 2));
  if (opened >= ctx.start) return;
  const openedAge = daysBetween(opened, ctx.start);
  const state =
    openedAge > 30
      ? rnd.weighted({ closed: 6, completed: 4 })
      : openedAge > 8
        ? rnd.weighted({ approval: 3, completed: 4, closed: 3 })
        : rnd.weighted({ created: 5, updated: 2, approval: 3 });
  const answered = ['approval', 'completed', 'closed'].includes(state);
  const createdAt = later(at(ctx, opened), reception.createdAt);
  addDoc(ctx, {
    model: 'complaint',
    subtype: null,
    erpKey: null,
    state,
    supplier: order.supplier,
    requester: null,
    createdBy: 'buyer',
    updatedBy: 'buyer',
    group: order.group,
    plant: order.plant,
    createdAt,
    updatedAt: answered ? later(at(ctx, opened, rnd.int(1, 8)), createdAt) : createdAt,
    data: {
      description: lateComplaint ? 'Late delivery' : 'Quality of the goods',
      reference: { order: order.erpKey },
      category: lateComplaint ? 'delivery' : 'quality',
      text: lateComplaint ? `Delivery arrived ${daysLate} days late.` : rnd.pick(QUALITY_TEXTS),
      dueDate: addDays(opened, 14),
      ...(answered ? { response: 'We apologise; corrective actions were taken with our carrier.' } : {}),
    },
    lines: [],
  });
}
