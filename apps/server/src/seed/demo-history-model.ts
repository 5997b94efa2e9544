import { demoItems, type DemoItem } from './demo-items.ts';
import { HISTORY_SUPPLIERS, type HistorySupplier } from './demo-history-suppliers.ts';
import { addDays, centsOf, centsText, instantOn, scaleCents, type Random } from './demo-history-random.ts';

/**
 * The shapes the history planner fills (pure data, no ids yet) and the helpers every generator
 * shares: the catalogue by material group, supplier choice by weight, lines priced in decimal text,
 * plants and groups, the seasonal rate of a day.
 */

export type Line = Record<string, unknown>;

export interface ApprovalPlanned {
  outcome: 'approved' | 'rejected' | null;
  decidedAt: Date | null;
  comment: string;
}

export interface PlannedDoc {
  ref: number;
  model: string;
  subtype: string | null;
  /** the ERP's number, or null: numbered by the server's counter when written */
  erpKey: string | null;
  state: string;
  supplier: string | null;
  requester: string | null;
  createdBy: string;
  updatedBy: string;
  group: string | null;
  plant: string | null;
  createdAt: Date;
  updatedAt: Date;
  data: Record<string, unknown>;
  lines: Line[];
  /** approval documents: their parent; proposals: their RFx */
  parentRef?: number;
  approval?: ApprovalPlanned;
  /** key of the warehouse the goods go to (data.location) */
  location?: string;
  /** data keys that hold people, by username (the writer turns them into {_id, name}) */
  people?: Record<string, string[]>;
  /** data keys that hold suppliers, by name (the writer turns them into {_id, name}) */
  suppliers?: Record<string, string[]>;
}

export interface PlanContext {
  rnd: Random;
  /** the day of the first start: every document is dated before it */
  start: string;
  docs: PlannedDoc[];
  /** the next ERP number per model */
  erp: Record<'order' | 'requisition' | 'contract' | 'reception', number>;
}

export function addDoc(ctx: PlanContext, doc: Omit<PlannedDoc, 'ref'>): PlannedDoc {
  const planned = { ...doc, ref: ctx.docs.length };
  ctx.docs.push(planned);
  return planned;
}

export const nextErpKey = (ctx: PlanContext, model: keyof PlanContext['erp']): string =>
  String(ctx.erp[model]++);

const CATALOGUE: ReadonlyMap<string, DemoItem[]> = (() => {
  const map = new Map<string, DemoItem[]>();
  for (const item of demoItems('acme')) {
    const list = map.get(item.material_group) ?? [];
    list.push(item);
    map.set(item.material_group, list);
  }
  return map;
})();

export const catalogueSize = (): number => [...CATALOGUE.values()].reduce((n, l) => n + l.length, 0);

/** A supplier by weight; `group` narrows to those who sell it. */
export function pickSupplier(rnd: Random, group?: string): HistorySupplier {
  const list = group ? HISTORY_SUPPLIERS.filter((s) => s.groups.includes(group)) : HISTORY_SUPPLIERS;
  let roll = rnd.next() * list.reduce((n, s) => n + s.weight, 0);
  for (const s of list) {
    roll -= s.weight;
    if (roll < 0) return s;
  }
  return list[list.length - 1]!;
}

/** A quantity that fits the price: many cheap parts, few expensive machines. */
function quantityFor(rnd: Random, cents: number, service: boolean): number {
  if (service) return rnd.int(1, 12);
  if (cents < 1_000) return rnd.int(2, 40) * 10;
  if (cents < 10_000) return rnd.int(2, 60);
  if (cents < 100_000) return rnd.int(1, 10);
  return rnd.int(1, 3);
}

/**
 * `count` lines of the supplier's groups (or of `group`): catalogue items at the catalogue price
 * give or take a few percent (integer cents, written as decimal text), some with a discount.
 */
export function linesFor(
  rnd: Random,
  supplier: HistorySupplier,
  count: number,
  opts: { group?: string; tax?: string } = {},
): Line[] {
  const lines: Line[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const group = opts.group ?? rnd.pick(supplier.groups);
    const item = rnd.pick(CATALOGUE.get(group) ?? CATALOGUE.get('MRO')!);
    if (used.has(item.code)) continue;
    used.add(item.code);
    const service = item.code.startsWith('SRV-');
    const cents = scaleCents(centsOf(item.price), rnd.int(92, 112));
    const line: Line = {
      pos: (lines.length + 1) * 10,
      item: item.code,
      description: item.name,
      type: service ? 'service' : 'material',
      quantity: quantityFor(rnd, cents, service),
      unit: item.uom,
      price: centsText(cents),
      tax: { key: opts.tax ?? (supplier.country === 'PT' ? 'IVA23' : 'INTRA') },
    };
    if (!service && rnd.chance(0.2)) line.priceInfo = [{ condition: 'RA01', value: rnd.int(2, 10) }];
    lines.push(line);
  }
  return lines;
}

export const hasService = (lines: readonly Line[]): boolean => lines.some((l) => l.type === 'service');

/**
 * The header fields seed 000 section 5 requires on purchasing documents with service lines
 * (evaluationId is not required with GDPR risk 1, cyberFile not with cyber risk 3).
 */
export function serviceRisk(rnd: Random, ref: string): Record<string, unknown> {
  return {
    risk: { contract: rnd.int(1, 3), E: rnd.int(1, 2), HS: rnd.int(1, 3), gdpr: 1, cyber: 3 },
    businessPlan: `BP-${ref}`,
  };
}

export interface Place {
  plant: string;
  group: string;
  location: string;
}

const PLACES: Readonly<Record<string, Place>> = {
  'pt-lisboa': { plant: 'pt-lisboa', group: 'purchasing-lisboa', location: 'lisboa-wh' },
  'pt-porto': { plant: 'pt-porto', group: 'maintenance-porto', location: 'porto-wh' },
  'es-madrid': { plant: 'es-madrid', group: 'purchasing-madrid', location: 'madrid-wh' },
};

/** Where a purchase of `group` is made: IT centrally, the rest by plant. */
export function placeFor(rnd: Random, group: string): Place {
  if (group.startsWith('IT-')) return { ...PLACES['pt-lisboa']!, group: 'it-services' };
  const plant = rnd.weighted({ 'pt-lisboa': 45, 'pt-porto': 30, 'es-madrid': 25 });
  const place = PLACES[plant]!;
  // Porto's maintenance group filters MRO and spare parts; its other purchases are Acme Portugal's
  if (plant === 'pt-porto' && !['MRO', 'SPARE-PARTS'].includes(group))
    return { ...place, group: 'acme-portugal' };
  return place;
}

/** Busy months and quiet ones (August, December), growing about 20 % over the two years. */
const SEASON = [0.95, 1.0, 1.15, 1.0, 1.05, 1.1, 0.85, 0.45, 1.1, 1.2, 1.25, 0.75];

/** How many documents of a daily `rate` a working day brings (none at weekends). */
export function countOn(rnd: Random, day: string, rate: number, progress: number): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return 0;
  const expected = rate * SEASON[Number(day.slice(5, 7)) - 1]! * (0.9 + 0.2 * progress);
  const whole = Math.floor(expected);
  return whole + (rnd.chance(expected - whole) ? 1 : 0);
}

/** An instant `days` after `day`, never on or after the start day (then the day before it). */
export function at(ctx: PlanContext, day: string, days = 0): Date {
  let d = addDays(day, days);
  if (d >= ctx.start) d = addDays(ctx.start, -1);
  return instantOn(d, ctx.rnd);
}

export const later = (a: Date, b: Date): Date => (a > b ? a : b);
