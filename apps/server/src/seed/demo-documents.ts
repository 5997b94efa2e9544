import { internalDocumentKey } from '@p2p/domain';
import { json, type Db } from '../db/database.ts';
import { documentRepository } from '../documents/document.repository.ts';
import { lineWrites, priceLines } from '../documents/document.pricing.ts';

/**
 * Demo documents of the 'acme' tenant, written once with the demo data. Values are never typed in:
 * they are computed from the lines by computeDocument (through priceLines), as the API does.
 */

type Line = Record<string, unknown>;

interface DemoDocument {
  model: string;
  subtype?: string;
  key?: string;
  state: string;
  supplier?: string;
  requester?: string;
  createdBy: string;
  group?: string;
  plant?: string;
  data: Record<string, unknown>;
  lines?: Line[];
}

const tax23 = { key: 'IVA23' };
const line = (
  item: string,
  description: string,
  quantity: number,
  price: string,
  extra: Line = {},
): Line => ({
  item,
  description,
  type: 'material',
  quantity,
  unit: 'UN',
  price,
  tax: tax23,
  ...extra,
});
const ALFA = 'Alfa Components Lda';
const BETA = 'Beta Logistics SA';

const ORDER_SUBTYPES: Array<[string, string, string, string]> = [
  ['P001', 'created', ALFA, 'Hydraulic fittings for line 3'],
  ['P002', 'updated', BETA, 'Warehouse transport services, March'],
  ['P003', 'approval', ALFA, 'Subcontracted machining of shafts'],
  ['P004', 'approved', BETA, 'Consignment stock of pallets'],
  ['P005', 'erp-done', ALFA, 'Stock transfer Lisboa to Porto'],
  ['P006', 'rejected', ALFA, 'New packaging machine'],
  ['P007', 'erp-fail', BETA, 'Blanket order for cleaning supplies'],
  ['P008', 'completed', ALFA, 'Drop-ship spare parts to customer'],
  ['P009', 'created', ALFA, 'Spot purchase of safety gloves'],
  ['P010', 'updated', BETA, 'Forklift maintenance and repair'],
  ['P011', 'erp-done', ALFA, 'Call-off 4/2026 on framework CT-2026-001'],
  ['P012', 'closed', BETA, 'Emergency pump replacement'],
  ['P013', 'negotiation', ALFA, 'Contract release for bearings'],
  ['P999', 'erp-done', BETA, 'Imported freight order'],
];

/**
 * Orders delivered in several shipments (data.ships, printed one by one by GET
 * /purchasing/order-pdf/{id}/{shipId}): each has an id, a date, an address and the positions it
 * carries.
 */
const ORDER_SHIPS: Record<string, Array<Record<string, unknown>>> = {
  // five lines: the fittings and shafts stay in Lisboa, the rest goes on to Porto a week later
  P005: [
    {
      _id: 'DLV-01',
      date: '2026-07-08',
      address: {
        name: 'Lisboa Warehouse',
        street: 'Rua do Açúcar 88',
        postcode: '1950-010',
        city: 'Lisboa',
        country: 'PT',
      },
      lines: [10, 20],
    },
    {
      _id: 'DLV-02',
      date: '2026-07-15',
      address: {
        name: 'Porto Plant',
        street: 'Rua do Freixo 1071',
        postcode: '4300-219',
        city: 'Porto',
        country: 'PT',
      },
      lines: [30, 40, 50],
    },
  ],
  // drop-ship: the parts go straight to the customer's two sites
  P008: [
    {
      _id: 'DLV-01',
      date: '2026-04-10',
      address: {
        name: 'Metalúrgica do Norte, Lda',
        street: 'Zona Industrial da Maia, Lote 12',
        postcode: '4470-122',
        city: 'Maia',
        country: 'PT',
      },
      lines: [10, 20],
    },
    {
      _id: 'DLV-02',
      date: '2026-04-15',
      address: {
        name: 'Metalúrgica do Norte, Lda (Aveiro)',
        street: 'Rua da Fábrica 7',
        postcode: '3800-180',
        city: 'Aveiro',
        country: 'PT',
      },
      lines: [30],
    },
  ],
};

function orderLines(i: number): Line[] {
  const all: Line[] = [
    line('MAT-1001', 'Hydraulic fitting 1/2"', 120, '3.45', {
      priceInfo: [{ condition: 'RA01', value: 5 }],
      listPrice: '3.80',
    }),
    line('MAT-2040', 'Steel shaft 40 mm', 8, '112.5', { priceInfo: [{ condition: 'ZFB1', value: 25 }] }),
    line('SRV-0100', 'Installation service', 1, '450', { type: 'service', tax: { key: 'ND23' } }),
    line('MAT-3300', 'Nitrile gloves (box of 100)', 30, '6.99', {
      priceInfo: [
        { condition: 'RB00', value: 10 },
        { condition: 'ZFA1', value: 2 },
      ],
    }),
    line('MAT-4410', 'Ball bearing 6204', 200, '1.275', {
      tax: { key: 'INTRA' },
      priceInfo: [{ condition: 'Z030', value: 12.5 }],
    }),
  ];
  const count = (i % 5) + 1;
  return all.slice(0, count).map((l, n) => ({ ...l, pos: (n + 1) * 10 }));
}

const DOCUMENTS: DemoDocument[] = [
  ...ORDER_SUBTYPES.map(([subtype, state, supplier, description], i): DemoDocument => ({
    model: 'order',
    subtype,
    state,
    supplier,
    requester: i % 3 === 0 ? 'requester' : 'buyer',
    // two buyers share the work: the working context's 'Created by me' tells their orders apart
    createdBy: i % 3 === 2 ? 'manager' : 'buyer',
    group: i % 4 === 3 ? 'acme-spain' : 'purchasing-lisboa',
    plant: i % 4 === 3 ? 'es-madrid' : 'pt-lisboa',
    ...(['erp-done', 'completed', 'closed', 'negotiation', 'erp-fail', 'approved'].includes(state)
      ? { key: String(4500012300 + i) }
      : {}),
    data: {
      description,
      currency: 'EUR',
      exchangeRate: 1,
      deliveryDate: `2026-0${(i % 6) + 3}-15`,
      paymentTerms: '60D',
      // stored as the field's rule gives it (seed 000 section 5), so a first save changes nothing
      ...(subtype === 'P009' ? {} : { deliveryLock: true }),
      // orders with a service line answer the risk assessment seed 000 section 5 requires
      ...(orderLines(i).some((l) => l.type === 'service')
        ? {
            risk: { contract: 1, E: 1, HS: 2, gdpr: 1, cyber: 3 },
            businessPlan: 'Installation by the supplier is part of the equipment warranty.',
          }
        : {}),
      ...(subtype === 'P011' ? { reference: { contract: 'CT-2026-001' } } : {}),
      ...(ORDER_SHIPS[subtype] ? { ships: ORDER_SHIPS[subtype] } : {}),
    },
    lines: orderLines(i).map((l) => (state === 'completed' ? { ...l, _cq: l.quantity } : l)),
  })),
  ...(
    [
      ['R001', 'created', 'Office chairs for the new open space', 'requester'],
      ['R002', 'rfq', 'Sourcing of industrial cleaning services', 'buyer'],
      ['R003', 'approval', 'Electrical inspection of the Porto plant', 'requester'],
      ['R004', 'approved', 'Replacement of the air compressor', 'buyer'],
      ['R005', 'updated', 'Monthly replenishment of consumables', 'requester'],
      ['R006', 'rejected', 'Urgent repair of the loading dock door', 'requester'],
      ['R007', 'erp-done', 'Laptops from the IT catalogue', 'buyer'],
    ] as const
  ).map(([subtype, state, description, who], i): DemoDocument => ({
    model: 'requisition',
    subtype,
    state,
    requester: who,
    createdBy: who,
    group: i === 6 ? 'it-services' : 'purchasing-lisboa',
    plant: 'pt-lisboa',
    ...(state === 'erp-done' ? { key: String(1000004200 + i) } : {}),
    data: { description, currency: 'EUR', deliveryDate: '2026-06-30' },
    lines: [
      line('MAT-9000', description, 2 + i, String(150 + i * 37.5)),
      line('MAT-9001', 'Accessories', 5, '12.40'),
    ],
  })),
  ...(
    [
      ['C001', 'erp-done', ALFA, 'CT-2026-001', 'Framework agreement for hydraulic components'],
      ['C002', 'approval', BETA, 'CT-2026-007', 'Logistics services contract 2026'],
      ['C003', 'created', ALFA, null, 'Price agreement for bearings'],
      ['C004', 'erp-done', BETA, '4600000812', 'Imported ERP contract: pallets'],
    ] as const
  ).map(([subtype, state, supplier, key, description]): DemoDocument => ({
    model: 'contract',
    subtype,
    state,
    supplier,
    requester: 'buyer',
    createdBy: 'buyer',
    group: 'purchasing-lisboa',
    ...(key ? { key } : {}),
    data: {
      description,
      currency: 'EUR',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      targetValue: '250000.00',
    },
    lines: [line('MAT-1001', 'Hydraulic fitting 1/2"', 10000, '3.30')],
  })),
  {
    model: 'reception',
    state: 'created',
    supplier: ALFA,
    createdBy: 'requester',
    requester: 'requester',
    group: 'purchasing-lisboa',
    plant: 'pt-lisboa',
    data: {
      description: 'Partial delivery of fittings',
      reference: { order: '4500012304' },
      receivedAt: '2026-03-20',
      deliveryNote: 'GR-2026-0311',
    },
    lines: [line('MAT-1001', 'Hydraulic fitting 1/2"', 60, '3.45')],
  },
  {
    model: 'reception',
    state: 'erp-done',
    key: '5000000117',
    supplier: BETA,
    createdBy: 'buyer',
    group: 'purchasing-lisboa',
    data: {
      description: 'Transport services March',
      reference: { order: '4500012301' },
      receivedAt: '2026-03-31',
    },
    lines: [line('SRV-0200', 'Transport services', 1, '1800', { type: 'service' })],
  },
  {
    model: 'complaint',
    state: 'created',
    supplier: ALFA,
    createdBy: 'buyer',
    group: 'purchasing-lisboa',
    data: {
      description: 'Damaged packaging',
      category: 'quality',
      text: 'Three boxes arrived crushed.',
      dueDate: '2026-04-15',
    },
  },
  {
    model: 'complaint',
    state: 'updated',
    supplier: BETA,
    createdBy: 'buyer',
    group: 'purchasing-lisboa',
    data: { description: 'Late delivery', category: 'delivery', text: 'Delivery arrived 5 days late.' },
  },
  {
    model: 'order-evaluation',
    state: 'created',
    supplier: ALFA,
    createdBy: 'buyer',
    requester: 'requester',
    group: 'purchasing-lisboa',
    data: {
      description: 'Evaluation of order 4500012304',
      parent: '4500012304',
      period: '2026-Q1',
      eval_items_material: { quality: 4, delivery: 3, documentation: 5 },
    },
  },
  {
    model: 'contract-evaluation',
    state: 'completed',
    supplier: BETA,
    createdBy: 'buyer',
    group: 'purchasing-lisboa',
    data: {
      description: 'Yearly evaluation CT-2026-007',
      parent: 'CT-2026-007',
      period: '2025',
      ssaTotal: 3.8,
    },
  },
  {
    model: 'purchase-rfx',
    state: 'proposal',
    createdBy: 'rfx-manager',
    group: 'purchasing-lisboa',
    data: {
      description: 'Cleaning services 2026-2028',
      rfxType: 'RFP',
      closingDate: '2026-05-31',
      reference: { requisition: 'R002' },
    },
    lines: [line('SRV-0300', 'Cleaning services (monthly)', 24, '3200', { type: 'service' })],
  },
  ...(
    [
      [ALFA, '0000100001', 'Avenida da Liberdade 110', '1250-146', 'Lisboa', 'PT', 'PT509876543'],
      [BETA, '0000100002', 'Paseo de la Castellana 95', '28046', 'Madrid', 'ES', 'ESA28123456'],
    ] as const
  ).map(([name, key, street, postcode, city, country, vat]): DemoDocument => ({
    model: 'supplier',
    key,
    state: 'approved',
    supplier: name,
    createdBy: 'manager-supplier',
    data: {
      name,
      vat,
      // approved and active: the form's default for a new record
      enabled: true,
      email: `orders@${name.split(' ')[0]!.toLowerCase()}.example.com`,
      address: { street, postcode, city, country },
    },
  })),
];

const PLANT_WAREHOUSES: Readonly<Record<string, string>> = {
  'pt-lisboa': 'lisboa-wh',
  'pt-porto': 'porto-wh',
  'es-madrid': 'madrid-wh',
};

export async function insertDemoDocuments(db: Db, domainId: string): Promise<void> {
  // A marker makes this run once per domain, even after the demo documents are purged.
  const first = await db
    .insertInto('app_settings')
    .values({ domain_id: domainId, key: 'demo-documents', value: json(true) })
    .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!first) return;
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('domain_id', '=', domainId).execute()).map(
      (u) => [u.username, u.id],
    ),
  );
  const suppliers = new Map(
    (await db.selectFrom('suppliers').select(['id', 'name']).where('domain_id', '=', domainId).execute()).map(
      (s) => [s.name, s.id],
    ),
  );
  const groups = new Map(
    (await db.selectFrom('groups').select(['id', 'key']).where('domain_id', '=', domainId).execute()).map(
      (g) => [g.key, g.id],
    ),
  );
  const locations = new Map(
    (
      await db
        .selectFrom('locations')
        .select(['id', 'key', 'name'])
        .where('domain_id', '=', domainId)
        .execute()
    ).map((l) => [l.key, { _id: l.id, name: l.name }]),
  );
  const repo = documentRepository(db);
  for (const d of DOCUMENTS) {
    // goods are delivered to the warehouse of the plant that buys them
    const location = d.plant ? locations.get(PLANT_WAREHOUSES[d.plant] ?? '') : undefined;
    const createdBy = users.get(d.createdBy);
    if (!createdBy) continue;
    const supplierId = d.supplier ? (suppliers.get(d.supplier) ?? null) : null;
    const priced = priceLines(d.lines ?? [], d.state);
    const id = await repo.insert(domainId, d.model, createdBy, {
      type: d.model,
      subtype: d.subtype ?? null,
      // numbered like every new document: the ERP's number when it has one, the server's otherwise
      key: d.key ?? internalDocumentKey(d.model, await repo.nextKeyNumber(domainId, d.model)),
      state: d.state,
      supplier_id: supplierId,
      requester_id: d.requester ? (users.get(d.requester) ?? null) : null,
      group_id: d.group ? (groups.get(d.group) ?? null) : null,
      plant: d.plant ?? null,
      data: {
        ...d.data,
        ...(supplierId ? { supplier: { _id: supplierId, name: d.supplier } } : {}),
        ...(location ? { location } : {}),
      },
      totals: priced.totals,
    });
    await repo.replaceLines(id, domainId, lineWrites(priced.lines));
  }
}

/**
 * A database seeded before the document engine existed holds the demo tenant but no documents:
 * add them once, only when the demo buyer account is there (never on a real tenant).
 */
export async function backfillDemoDocuments(db: Db): Promise<void> {
  const demoBuyer = await db
    .selectFrom('users')
    .select('id')
    .where('domain_id', '=', 'acme')
    .where('email', '=', 'buyer@acme.example.com')
    .executeTakeFirst();
  if (!demoBuyer) return;
  await db.transaction().execute((trx) => insertDemoDocuments(trx, 'acme'));
}
