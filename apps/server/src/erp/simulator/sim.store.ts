/**
 * The simulator's in-memory ERP: entity sets with SAP-like number ranges, ETags, business
 * partners, and the faults a test or the demo injects. Never a code path of production.
 */

export interface SimRecord {
  key: string;
  year?: string;
  etag: string;
  data: Record<string, unknown>;
}

export interface SimFaults {
  /** every answer waits this long */
  latencyMs: number;
  /** the next N calls answer 503 before doing anything */
  unavailable: number;
  /** the next N creates are committed, then the connection is dropped without an answer */
  dropAfterCommit: number;
  /** while true, every call waits (tests: hold the sending until the moment they choose) */
  hold: boolean;
}

/** number ranges: requisitions 10..., orders 45..., contracts 46..., goods receipts 50..., reversals 49... */
const RANGES: Record<string, number> = {
  A_PurchaseRequisitionHeader: 1_000_000_000,
  A_PurchaseOrder: 4_500_000_000,
  A_PurchaseContract: 4_600_000_000,
  'A_MaterialDocumentHeader:101': 5_000_000_000,
  'A_MaterialDocumentHeader:102': 4_900_000_000,
};

/** The first business partners (name, VAT, country); the rest are numbered fillers for paging. */
const NAMED_SUPPLIERS: ReadonlyArray<readonly [string, string, string]> = [
  ['Alfa Components Lda', 'PT509876543', 'PT'],
  ['Beta Logistics SA', 'ESA28123456', 'ES'],
  ['Gamma Industrial Supplies SL', 'ESB86543210', 'ES'],
  ['Lusitânia Parafusos Lda', 'PT507123456', 'PT'],
  ['Iberia Office Systems SA', 'ESA79123450', 'ES'],
  ['Norte Transportes Lda', 'PT514765432', 'PT'],
];

const product = (id: string, name: string, group: string, unspsc: string, unit: string) => ({
  Product: id,
  ProductType: 'HAWA',
  BaseUnit: unit,
  ProductGroup: group,
  ExternalProductGroup: unspsc,
  to_Description: {
    results: [
      { Product: id, Language: 'EN', ProductDescription: name },
      { Product: id, Language: 'PT', ProductDescription: name },
    ],
  },
});

/** Materials with their material group (ProductGroup) and UNSPSC code (ExternalProductGroup). */
const PRODUCTS = [
  product('RM-SCREW-M8', 'Hex screw M8x40 zinc plated', 'L004', '31161500', 'PC'),
  product('RM-NUT-M8', 'Hex nut M8 class 8', 'L004', '31161700', 'PC'),
  product('RM-WASHER-8', 'Flat washer 8 mm DIN 125', 'L004', '31161800', 'PC'),
  product('IT-NB-14', 'Notebook computer 14 inch', 'L201', '43211503', 'EA'),
  product('IT-DT-01', 'Desktop computer tower', 'L201', '43211507', 'EA'),
  product('SV-ROAD-FRT', 'Road freight Lisboa-Madrid', 'L905', '78101800', 'EA'),
];

const day = (iso: string) => `/Date(${Date.parse(`${iso}T00:00:00Z`)})/`;

/** Made in SAP by its own users (no external reference of ours): a framework contract, two orders. */
const ERP_DOCUMENTS: ReadonlyArray<{ kind: 'contract' | 'order'; data: Record<string, unknown> }> = [
  {
    kind: 'contract',
    data: {
      PurchaseContractType: 'MK',
      PurchaseContractName: 'Fasteners framework 2026',
      CompanyCode: '1010',
      PurchasingOrganization: '1010',
      PurchasingGroup: '001',
      Supplier: '0000100001',
      DocumentCurrency: 'EUR',
      ValidityStartDate: day('2026-01-01'),
      ValidityEndDate: day('2026-12-31'),
      PurchaseContractTargetAmount: '25000.00',
      CorrespondenceExternalReference: '',
      to_PurchaseContractItem: {
        results: [
          {
            PurchaseContractItem: '10',
            Material: 'RM-SCREW-M8',
            PurchaseContractItemText: 'Hex screw M8x40 zinc plated',
            MaterialGroup: 'L004',
            Plant: '1010',
            TargetQuantity: '100000.000',
            OrderQuantityUnit: 'PC',
            ContractNetPriceAmount: '0.08',
          },
          {
            PurchaseContractItem: '20',
            Material: 'RM-NUT-M8',
            PurchaseContractItemText: 'Hex nut M8 class 8',
            MaterialGroup: 'L004',
            Plant: '1010',
            TargetQuantity: '100000.000',
            OrderQuantityUnit: 'PC',
            ContractNetPriceAmount: '0.05',
          },
        ],
      },
    },
  },
  {
    kind: 'order',
    data: {
      PurchaseOrderType: 'NB',
      CompanyCode: '1010',
      PurchasingOrganization: '1010',
      PurchasingGroup: '001',
      Supplier: '0000100002',
      DocumentCurrency: 'EUR',
      PurchaseOrderDate: day('2026-03-02'),
      CorrespondenceExternalReference: '',
      to_PurchaseOrderItem: {
        results: [
          {
            PurchaseOrderItem: '10',
            Material: 'SV-ROAD-FRT',
            PurchaseOrderItemText: 'Road freight Lisboa-Madrid',
            MaterialGroup: 'L905',
            Plant: '1010',
            OrderQuantity: '4.000',
            PurchaseOrderQuantityUnit: 'EA',
            NetPriceAmount: '850.00',
          },
        ],
      },
    },
  },
  {
    kind: 'order',
    data: {
      PurchaseOrderType: 'NB',
      CompanyCode: '1010',
      PurchasingOrganization: '1010',
      PurchasingGroup: '001',
      Supplier: '0000100005',
      DocumentCurrency: 'EUR',
      PurchaseOrderDate: day('2026-03-09'),
      CorrespondenceExternalReference: '',
      to_PurchaseOrderItem: {
        results: [
          {
            PurchaseOrderItem: '10',
            Material: 'IT-NB-14',
            PurchaseOrderItemText: 'Notebook computer 14 inch',
            MaterialGroup: 'L201',
            Plant: '1010',
            OrderQuantity: '12.000',
            PurchaseOrderQuantityUnit: 'EA',
            NetPriceAmount: '940.00',
          },
          {
            PurchaseOrderItem: '20',
            Material: 'IT-DT-01',
            PurchaseOrderItemText: 'Desktop computer tower',
            MaterialGroup: 'L201',
            Plant: '1010',
            OrderQuantity: '3.000',
            PurchaseOrderQuantityUnit: 'EA',
            NetPriceAmount: '780.00',
          },
        ],
      },
    },
  },
];

export function simStore() {
  const sets = new Map<string, Map<string, SimRecord>>();
  const counters = new Map<string, number>();
  let etagSeq = 0;
  const store = {
    faults: { latencyMs: 0, unavailable: 0, dropAfterCommit: 0, hold: false } as SimFaults,
    /** the supplier numbers of API_BUSINESS_PARTNER (A_Supplier) */
    suppliers: [] as Array<{
      Supplier: string;
      SupplierName: string;
      VATRegistration: string;
      Country: string;
    }>,
    /** the materials of API_PRODUCT_SRV (A_Product with to_Description) */
    products: [] as Array<Record<string, unknown>>,
    /** contracts and orders made in the ERP itself (not sent by us): what the import brings in */
    seedDocuments() {
      for (const d of ERP_DOCUMENTS) {
        const set = d.kind === 'contract' ? 'A_PurchaseContract' : 'A_PurchaseOrder';
        const key = store.nextNumber(set);
        const data = structuredClone(d.data);
        data[d.kind === 'contract' ? 'PurchaseContract' : 'PurchaseOrder'] = key;
        store.set(set).set(key, { key, etag: store.newEtag(), data });
      }
    },
    set(name: string): Map<string, SimRecord> {
      let s = sets.get(name);
      if (!s) sets.set(name, (s = new Map()));
      return s;
    },
    nextNumber(range: string): string {
      const n = (counters.get(range) ?? 0) + 1;
      counters.set(range, n);
      return String(RANGES[range]! + n);
    },
    newEtag(): string {
      etagSeq += 1;
      const ts = new Date(Date.UTC(2026, 0, 1) + etagSeq * 1000).toISOString().replace('Z', '');
      return `W/"datetimeoffset'${encodeURIComponent(ts)}'"`;
    },
    /** the records of an entity set whose property equals a value (tests: exactly-once checks) */
    where(name: string, prop: string, value: string): SimRecord[] {
      return [...store.set(name).values()].filter((r) => r.data[prop] === value);
    },
    reset() {
      sets.clear();
      counters.clear();
      store.faults = { latencyMs: 0, unavailable: 0, dropAfterCommit: 0, hold: false };
    },
  };
  store.products.push(...PRODUCTS.map((p) => structuredClone(p)));
  for (let i = 1; i <= 120; i++)
    store.suppliers.push({
      Supplier: String(100000 + i).padStart(10, '0'),
      SupplierName: NAMED_SUPPLIERS[i - 1]?.[0] ?? `Supplier ${i}`,
      VATRegistration: NAMED_SUPPLIERS[i - 1]?.[1] ?? `XX${900000 + i}`,
      Country: NAMED_SUPPLIERS[i - 1]?.[2] ?? 'PT',
    });
  return store;
}

export type SimStore = ReturnType<typeof simStore>;
