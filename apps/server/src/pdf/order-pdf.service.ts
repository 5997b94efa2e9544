import { formatDate, sumLineValues, supplierLineView, type Amount } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { actsAsSupplier } from '@p2p/domain';
import { localize, type Label } from '../documents/model-config.ts';
import { notFound } from '../lib/app-error.ts';
import { addressLines, optionLabel, orderParties } from './order-pdf.parties.ts';
import { renderOrderPdf, type OrderPdfData, type PdfLine } from './order-pdf.render.ts';

/**
 * The order PDF (GET /purchasing/order-pdf/{id}[/{shipId}]). The order is read through
 * documentScope exactly like GET /purchasing/order/{id}: outside the caller's scope it does not
 * exist (404). Suppliers always get the supplier view; others ask for it with view=supplier.
 */

export interface OrderPdfOptions {
  shipId?: string;
  view?: string;
  /** false keeps the content streams readable (tests) */
  compress?: boolean;
}

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** The delivery (ship) entries of an order: data.ships, each identified by _id, id or key. */
function ships(data: Json): Json[] {
  return Array.isArray(data.ships) ? data.ships.map(obj) : [];
}
const shipIdOf = (ship: Json) => str(ship._id) || str(ship.id) || str(ship.key);

/** Positions a ship entry covers (numbers or {pos}); null: every line. */
function shipPositions(ship: Json): Set<number> | null {
  if (!Array.isArray(ship.lines)) return null;
  return new Set(
    ship.lines.map((l) => (typeof l === 'number' ? l : Number(obj(l).pos))).filter((n) => Number.isFinite(n)),
  );
}

const amount = (v: unknown): Amount | null => (typeof v === 'string' || typeof v === 'number' ? v : null);

export function orderPdfService(db: Db, access: Pick<DocumentAccess, 'find' | 'lines'>) {
  const parties = orderParties(db);
  async function domainName(domainId: string): Promise<string> {
    const row = await db.selectFrom('domains').select('name').where('id', '=', domainId).executeTakeFirst();
    return row?.name ?? domainId;
  }

  async function supplierOf(domainId: string, id: string | null) {
    if (!id) return null;
    const row = await db
      .selectFrom('suppliers')
      .select(['name', 'vat', 'data'])
      .where('domain_id', '=', domainId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { name: row.name, vat: row.vat, address: addressLines(obj(row.data).address) } : null;
  }

  return {
    async render(auth: AuthContext, id: string, opts: OrderPdfOptions = {}) {
      const { model, row } = await access.find(auth, 'order', id);

      const data = row.data;
      let ship: Json | null = null;
      if (opts.shipId !== undefined) {
        ship = ships(data).find((s) => shipIdOf(s) === opts.shipId) ?? null;
        if (!ship) throw notFound('Delivery not found.');
      }
      const positions = ship ? shipPositions(ship) : null;
      const lines = (await access.lines(id)).filter((l) => !positions || positions.has(Number(l.pos)));

      const supplierView = opts.view === 'supplier' || actsAsSupplier(auth.user);
      const lang = auth.user.lang;
      const label = (v: Label | undefined, fallback: string): string =>
        v ? String(localize(v, lang)) : fallback;
      const subtype = model.subtypes?.find((s) => s.key === row.subtype);
      const state = model.workflow?.states.find((s) => s.name === row.state);

      const pdfLines: PdfLine[] = lines.map((l) => {
        const tax = obj(l.tax);
        const view = supplierView ? supplierLineView(l as never, str(tax.group) || undefined) : null;
        return {
          pos: Number(l.pos ?? 0),
          subpos: Number(l.subpos ?? 0),
          item: str(l.item),
          description: str(l.description),
          quantity: amount(l.quantity),
          unit: str(l.unit),
          price: amount(l.price),
          discountValue: amount(l.discountValue),
          costValue: amount(l.costValue),
          taxValue: amount(l.taxValue),
          taxLabel: str(tax.key) ? `${str(tax.key)} ${str(tax.value)}%` : '',
          value: view ? view.displayValue : amount(l.value),
          ...(view?.taxWarning ? { taxWarning: view.taxWarning } : {}),
        };
      });

      // A delivery prints the totals of its own lines; the whole order its stored totals.
      const sums = ship
        ? sumLineValues(lines as never)
        : {
            grossValue: row.gross_value,
            discountValue: row.discount_value,
            costValue: row.cost_value,
            netValue: row.net_value,
            taxValue: row.tax_value,
            value: row.value,
          };
      const currency = str(data.currency);
      const totals: OrderPdfData['totals'] = [
        ['Gross value', sums.grossValue],
        ['Discount', sums.discountValue],
        ['Cost', sums.costValue],
        ['Net value', sums.netValue],
        ['Tax', sums.taxValue],
        [`Total${currency ? ` (${currency})` : ''}`, sums.value],
      ];
      if (supplierView) {
        const invoiced = sumLineValues(pdfLines.map((l) => ({ value: l.value }))).value;
        totals.push([`Total as invoiced${currency ? ` (${currency})` : ''}`, invoiced]);
      }

      const deliveryDate = str(ship?.date) || str(ship?.deliveryDate) || str(data.deliveryDate);
      const facts: Array<[string, string]> = [];
      if (ship) facts.push(['Delivery', shipIdOf(ship)]);
      if (currency) facts.push(['Currency', currency]);
      // in words, as the form offers them ('60 days', not '60D')
      const terms = str(data.paymentTerms);
      if (terms) facts.push(['Payment terms', optionLabel(model, 'paymentTerms', terms, lang)]);
      if (data.upfrontPayment === true) facts.push(['Upfront payment', lang === 'pt' ? 'Sim' : 'Yes']);
      const contract = str(obj(data.reference).contract);
      if (contract) facts.push(['Contract', contract]);

      const reference = row.key ?? row.id;
      const company = await domainName(auth.domainId);
      // an order the supplier does not see yet (not in the model's supplierStates) is not released
      const draft = !(model.permissions.supplierStates ?? []).includes(row.state);
      const pdf = await renderOrderPdf({
        domainName: company,
        title: 'Purchase order',
        reference,
        subtype: row.subtype ? `${label(subtype?.label, row.subtype)} (${row.subtype})` : '-',
        state: label(state?.label as Label | undefined, row.state),
        dates: [
          ['Created', formatDate(row.created_at)],
          ...(deliveryDate ? ([['Delivery date', formatDate(deliveryDate)]] as Array<[string, string]>) : []),
        ],
        supplier: await supplierOf(auth.domainId, row.supplier_id),
        // the requester is internal: never printed for a supplier
        requester: supplierView ? null : row.requester_name,
        parties: [
          ['Ship to', await parties.shipTo(auth.domainId, data, ship)],
          ['Bill to', await parties.billTo(auth.domainId, data, company)],
          ['Buyer contact', await parties.buyerContact(auth.domainId, row.created_by)],
        ],
        draft,
        facts,
        lines: pdfLines,
        totals,
        supplierView,
        generatedAt: new Date(),
        ...(opts.compress !== undefined ? { compress: opts.compress } : {}),
      });
      const safe = reference.replace(/[^\w.-]+/g, '_');
      return { pdf, filename: `order-${safe}.pdf` };
    },
  };
}

export type OrderPdfService = ReturnType<typeof orderPdfService>;
