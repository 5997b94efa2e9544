import { dueContractPeriods, periodText, type EvaluationPeriod } from '@p2p/domain';
import {
  addDoc,
  at,
  hasService,
  later,
  linesFor,
  nextErpKey,
  pickSupplier,
  serviceRisk,
  type Line,
  type PlanContext,
} from './demo-history-model.ts';
import { approvalRounds, planApprovals, stateAt } from './demo-history-orders.ts';
import { addDays, centsOf, centsText, scaleCents } from './demo-history-random.ts';

/**
 * A contract of the history: approved, put in the ERP, in force for one or two years, then expired
 * (some closed), with its evaluations per period (the first from the day it reached the ERP, as
 * evaluation.due.ts creates them), completed when the period is over.
 */

const KINDS = {
  C001: 'Framework agreement',
  C002: 'Services contract',
  C003: 'Price agreement',
} as const;

const addMonths = (day: string, months: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export function planContract(ctx: PlanContext, day: string): void {
  const { rnd } = ctx;
  const subtype = rnd.weighted({ C001: 5, C002: 3, C003: 2 });
  const supplier = subtype === 'C002' ? pickSupplier(rnd, 'SERVICES') : pickSupplier(rnd);
  const goods = supplier.groups.filter((g) => g !== 'SERVICES');
  const group = subtype === 'C002' || !goods.length ? 'SERVICES' : rnd.pick(goods);
  const lines = linesFor(rnd, supplier, rnd.int(1, 3), { group }).map((l): Line => ({
    ...l,
    quantity: Number(l.quantity) * rnd.int(10, 40),
  }));
  const net = lines.reduce((s, l) => s + Number(l.quantity) * centsOf(String(l.price)), 0);
  const validFrom = addDays(day, rnd.int(7, 20));
  const years = rnd.chance(0.6) ? 1 : 2;
  const validTo = addDays(addMonths(validFrom, 12 * years), -1);
  const months = rnd.chance(0.7) ? 12 : 6;
  const createdBy = rnd.chance(0.7) ? 'buyer' : 'manager';
  const contract = addDoc(ctx, {
    model: 'contract',
    subtype,
    erpKey: null,
    state: 'created',
    supplier: supplier.name,
    requester: createdBy,
    createdBy,
    updatedBy: createdBy,
    group: group.startsWith('IT-') ? 'it-services' : 'purchasing-lisboa',
    plant: null,
    createdAt: at(ctx, day),
    updatedAt: at(ctx, day),
    data: {
      description: `${KINDS[subtype]} ${supplier.name} ${validFrom.slice(0, 4)}`,
      currency: 'EUR',
      validFrom,
      validTo,
      // the target is what the contract may consume: its value and a margin
      targetValue: centsText(scaleCents(net, rnd.int(110, 160))),
      evaluationMonths: months,
      ...(hasService(lines) ? serviceRisk(rnd, `C-${ctx.docs.length}`) : {}),
    },
    lines,
  });
  const steps: Array<[string, string]> = [[day, 'created']];
  const rounds = approvalRounds(ctx, addDays(day, rnd.int(1, 3)));
  steps.push(...planApprovals(ctx, contract, rounds));
  const last = rounds.at(-1)!;
  let inErp: string | null = null;
  if (last.outcome === 'approved') {
    const sent = addDays(last.decide, rnd.int(0, 2));
    inErp = addDays(sent, 1);
    steps.push([sent, 'erp'], [inErp, 'erp-done'], [addDays(validTo, 1), 'expired']);
    if (rnd.chance(0.3)) steps.push([addDays(validTo, rnd.int(10, 60)), 'closed']);
  }
  const [stepDay, state] = stateAt(ctx, steps);
  contract.state = state;
  contract.updatedAt = later(at(ctx, stepDay), contract.createdAt);
  if (!inErp || inErp >= ctx.start) return;
  contract.erpKey = nextErpKey(ctx, 'contract');
  // evaluations fall due from the day in the ERP, one per period while the contract is in force
  const end = addDays(ctx.start, -1);
  let periods: EvaluationPeriod[] = dueContractPeriods(null, months, inErp, validTo);
  const all: EvaluationPeriod[] = [];
  while (periods.length) {
    all.push(...periods);
    periods = dueContractPeriods(all.at(-1)!, months, end, validTo, all[0]!.from);
  }
  for (const p of all) {
    const over = p.to < end;
    const completed = over && rnd.chance(0.9);
    const createdAt = later(at(ctx, p.from), contract.createdAt);
    addDoc(ctx, {
      model: 'contract-evaluation',
      subtype: null,
      erpKey: null,
      state: completed ? 'completed' : 'created',
      supplier: supplier.name,
      requester: createdBy,
      createdBy,
      updatedBy: createdBy,
      group: contract.group,
      plant: null,
      createdAt,
      updatedAt: completed ? later(at(ctx, p.to, rnd.int(1, 20)), createdAt) : createdAt,
      data: {
        description: String(contract.data.description),
        parent: contract.erpKey,
        period: periodText(p),
        ...(completed ? evaluationScores(ctx, group === 'SERVICES') : {}),
      },
      lines: [],
      people: { requesterEvaluators: [createdBy], possibleEvaluators: [createdBy], assignees: [createdBy] },
    });
  }
}

function evaluationScores(ctx: PlanContext, service: boolean): Record<string, unknown> {
  const { rnd } = ctx;
  const s = service
    ? { quality: rnd.int(2, 5), safety: rnd.int(3, 5), communication: rnd.int(2, 5) }
    : { quality: rnd.int(2, 5), delivery: rnd.int(2, 5), documentation: rnd.int(3, 5) };
  const tenths = Math.round((Object.values(s).reduce((a, b) => a + b, 0) * 10) / 3);
  return { [service ? 'eval_items_service' : 'eval_items_material']: s, ssaTotal: tenths / 10 };
}
