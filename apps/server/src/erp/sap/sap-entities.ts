import type { ErpDocumentInput, ErpGoodsReceiptInput, ErpLine } from '../erp.connector.ts';
import { itemNumber, toODataDate, toODataDecimal } from './odata-values.ts';

/**
 * Our documents as the public S/4HANA OData v2 entities (shapes written from SAP's public API
 * documentation; SAP's EDMX files are not shipped). One table per document kind: the service, the
 * entity set, its key property, the property that carries our external reference, the items.
 */
export interface EntitySpec {
  service: string;
  entitySet: string;
  key: string;
  ref: string;
}

export const ENTITIES = {
  order: {
    service: 'API_PURCHASEORDER_PROCESS_SRV',
    entitySet: 'A_PurchaseOrder',
    key: 'PurchaseOrder',
    ref: 'CorrespondenceExternalReference',
  },
  requisition: {
    service: 'API_PURCHASEREQ_PROCESS_SRV',
    entitySet: 'A_PurchaseRequisitionHeader',
    key: 'PurchaseRequisition',
    ref: 'PurReqnDescription',
  },
  contract: {
    service: 'API_PURCHASECONTRACT_PROCESS_SRV',
    entitySet: 'A_PurchaseContract',
    key: 'PurchaseContract',
    ref: 'CorrespondenceExternalReference',
  },
  'goods-receipt': {
    service: 'API_MATERIAL_DOCUMENT_SRV',
    entitySet: 'A_MaterialDocumentHeader',
    key: 'MaterialDocument',
    ref: 'MaterialDocumentHeaderText',
  },
} as const satisfies Record<string, EntitySpec>;

export const BUSINESS_PARTNER = { service: 'API_BUSINESS_PARTNER', entitySet: 'A_Supplier' } as const;
/** Materials: A_Product with its descriptions; ExternalProductGroup (MARA-EXTWG) holds the UNSPSC code. */
export const PRODUCT = { service: 'API_PRODUCT_SRV', entitySet: 'A_Product' } as const;
/** The items of material documents: a reversal (102) names the document it reverses. */
export const MATERIAL_DOCUMENT_ITEM = 'A_MaterialDocumentItem';
/** The item navigation and its properties per imported kind. */
export const IMPORTED_ITEMS = {
  order: {
    nav: 'to_PurchaseOrderItem',
    item: 'PurchaseOrderItem',
    text: 'PurchaseOrderItemText',
    quantity: 'OrderQuantity',
    unit: 'PurchaseOrderQuantityUnit',
    price: 'NetPriceAmount',
  },
  contract: {
    nav: 'to_PurchaseContractItem',
    item: 'PurchaseContractItem',
    text: 'PurchaseContractItemText',
    quantity: 'TargetQuantity',
    unit: 'OrderQuantityUnit',
    price: 'ContractNetPriceAmount',
  },
} as const;

/**
 * Our price conditions -> the ERP's condition types. RA01/RB00 are SAP's; ZFA1, ZFB1 and Z030 are
 * customer-defined, so the mapping is configuration (ERP_CONDITIONS=RA01=RA01,ZFA1=ZFR1,...).
 */
export type ConditionMap = Readonly<Record<string, string>>;
export const DEFAULT_CONDITIONS: ConditionMap = {
  RA01: 'RA01',
  RB00: 'RB00',
  ZFA1: 'ZFA1',
  ZFB1: 'ZFB1',
  Z030: 'Z030',
};

export function parseConditionMap(raw: string | undefined): ConditionMap {
  if (!raw) return DEFAULT_CONDITIONS;
  const map: Record<string, string> = {};
  for (const pair of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [ours, theirs] = pair.split('=').map((s) => s.trim());
    if (!ours || !theirs) throw new Error(`ERP_CONDITIONS: '${pair}' is not OURS=ERP`);
    map[ours] = theirs;
  }
  return map;
}

function pricing(line: ErpLine, conditions: ConditionMap) {
  return line.conditions
    .filter((c) => conditions[c.condition])
    .map((c) => ({
      ConditionType: conditions[c.condition]!,
      ConditionRateValue: toODataDecimal(c.value, 2),
    }));
}

export function entityOf(input: ErpDocumentInput, conditions: ConditionMap): Record<string, unknown> {
  const spec: EntitySpec = ENTITIES[input.kind];
  const header = {
    CompanyCode: input.companyCode,
    PurchasingOrganization: input.purchasingOrganization,
    PurchasingGroup: input.purchasingGroup,
    [spec.ref]: input.externalRef,
  };
  if (input.kind === 'order')
    return {
      ...header,
      PurchaseOrderType: input.subtype === 'P999' ? 'ZIMP' : 'NB',
      Supplier: input.supplier ?? '',
      DocumentCurrency: input.currency,
      PurchaseOrderDate: toODataDate(input.date),
      to_PurchaseOrderItem: {
        results: input.lines.map((l) => ({
          PurchaseOrderItem: itemNumber(l.pos),
          Material: l.item ?? '',
          PurchaseOrderItemText: l.description.slice(0, 40),
          MaterialGroup: l.materialGroup ?? '',
          Plant: l.plant ?? '',
          OrderQuantity: toODataDecimal(l.quantity, 3),
          PurchaseOrderQuantityUnit: l.unit,
          NetPriceAmount: toODataDecimal(l.price, 2),
          DocumentCurrency: input.currency,
          to_PurchaseOrderPricingElement: { results: pricing(l, conditions) },
        })),
      },
    };
  if (input.kind === 'requisition')
    return {
      PurchaseRequisitionType: 'NB',
      [spec.ref]: input.externalRef,
      to_PurchaseReqnItem: {
        results: input.lines.map((l) => ({
          PurchaseRequisitionItem: itemNumber(l.pos),
          PurchaseRequisitionItemText: l.description.slice(0, 40),
          Material: l.item ?? '',
          MaterialGroup: l.materialGroup ?? '',
          Plant: l.plant ?? '',
          RequestedQuantity: toODataDecimal(l.quantity, 3),
          BaseUnit: l.unit,
          PurchaseRequisitionPrice: toODataDecimal(l.price, 2),
          PurReqnItemCurrency: input.currency,
          PurchasingGroup: input.purchasingGroup,
          DeliveryDate: toODataDate(l.deliveryDate ?? input.date),
        })),
      },
    };
  return {
    ...header,
    PurchaseContractType: 'MK',
    Supplier: input.supplier ?? '',
    DocumentCurrency: input.currency,
    ValidityStartDate: toODataDate(input.validFrom ?? input.date),
    ValidityEndDate: toODataDate(input.validTo ?? input.date),
    PurchaseContractTargetAmount: toODataDecimal(input.targetValue ?? '0', 2),
    to_PurchaseContractItem: {
      results: input.lines.map((l) => ({
        PurchaseContractItem: itemNumber(l.pos),
        Material: l.item ?? '',
        PurchaseContractItemText: l.description.slice(0, 40),
        MaterialGroup: l.materialGroup ?? '',
        Plant: l.plant ?? '',
        TargetQuantity: toODataDecimal(l.quantity, 3),
        OrderQuantityUnit: l.unit,
        ContractNetPriceAmount: toODataDecimal(l.price, 2),
      })),
    },
  };
}

export function goodsReceiptEntity(input: ErpGoodsReceiptInput): Record<string, unknown> {
  return {
    GoodsMovementCode: '01',
    PostingDate: toODataDate(input.postingDate),
    DocumentDate: toODataDate(input.postingDate),
    MaterialDocumentHeaderText: input.externalRef,
    ReferenceDocument: (input.deliveryNote ?? '').slice(0, 16),
    to_MaterialDocumentItem: {
      results: input.lines.map((l) => ({
        GoodsMovementType: '101',
        PurchaseOrder: input.orderKey,
        PurchaseOrderItem: itemNumber(l.orderItem),
        Plant: l.plant ?? '',
        QuantityInEntryUnit: toODataDecimal(l.quantity, 3),
        EntryUnit: l.unit,
      })),
    },
  };
}

/**
 * The SAP properties our documents fill, back to our field names: the ERP's messages are shown
 * on the field and line of the form they concern (the SAP property is kept as `erpField`). The
 * material group comes from the line's UNSPSC code, so its messages land there.
 */
const OUR_FIELDS: Readonly<Record<string, string>> = {
  NetPriceAmount: 'price',
  ContractNetPriceAmount: 'price',
  PurchaseRequisitionPrice: 'price',
  OrderQuantity: 'quantity',
  RequestedQuantity: 'quantity',
  TargetQuantity: 'quantity',
  QuantityInEntryUnit: 'quantity',
  Material: 'item',
  MaterialGroup: 'unspsc',
  Plant: 'plant',
  PurchaseOrderItemText: 'description',
  PurchaseContractItemText: 'description',
  PurchaseRequisitionItemText: 'description',
  PurchaseOrderQuantityUnit: 'unit',
  OrderQuantityUnit: 'unit',
  BaseUnit: 'unit',
  EntryUnit: 'unit',
  DeliveryDate: 'deliveryDate',
  Supplier: 'supplier',
  DocumentCurrency: 'currency',
  PurReqnItemCurrency: 'currency',
  ValidityStartDate: 'validFrom',
  ValidityEndDate: 'validTo',
  PurchaseContractTargetAmount: 'targetValue',
  PurchaseOrder: 'reference.order',
  PurchaseOrderItem: 'pos',
};

/** Our field of a SAP property; a property we do not fill keeps its SAP name. */
export const ourFieldOf = (sapProperty: string): string => OUR_FIELDS[sapProperty] ?? sapProperty;
