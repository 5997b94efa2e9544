import type { ErpError } from './erp.errors.ts';

/**
 * What the product asks of an ERP. The outbox speaks only to this interface; the SAP OData v2
 * connector (sap/sap-connector.ts) implements it, and tests run it against the simulator.
 * Every create carries our external reference, so a retry after an unknown outcome first asks
 * `findByRef` and never creates a second document.
 */

export type ErpDocumentKind = 'order' | 'requisition' | 'contract' | 'goods-receipt';

export interface ErpLine {
  pos: number;
  item: string | null;
  description: string;
  quantity: string;
  unit: string;
  price: string;
  plant: string | null;
  materialGroup: string | null;
  deliveryDate?: string | null;
  /** price conditions of the line (RA01, RB00, ZFA1, ZFB1, Z030, ...) */
  conditions: Array<{ condition: string; value: string }>;
}

export interface ErpDocumentInput {
  kind: 'order' | 'requisition' | 'contract';
  externalRef: string;
  subtype: string | null;
  supplier: string | null;
  currency: string;
  /** yyyy-MM-dd */
  date: string;
  companyCode: string;
  purchasingOrganization: string;
  purchasingGroup: string;
  description?: string;
  validFrom?: string | null;
  validTo?: string | null;
  targetValue?: string | null;
  lines: ErpLine[];
}

export interface ErpGoodsReceiptInput {
  externalRef: string;
  postingDate: string;
  orderKey: string;
  deliveryNote: string | null;
  lines: Array<{ pos: number; orderItem: number; quantity: string; unit: string; plant: string | null }>;
}

export interface ErpCreated {
  /** the ERP's 10-digit number */
  key: string;
  /** material documents are numbered per year */
  year?: string;
  etag?: string | null;
}

export interface ErpPage<T> {
  items: T[];
  /** the server-driven next page (`__next`), null at the end */
  next: string | null;
}

export interface ErpSupplier {
  key: string;
  name: string;
  vat: string | null;
  country: string | null;
}

/** A material of API_PRODUCT_SRV (A_Product): the external material group carries the UNSPSC code. */
export interface ErpMaterial {
  key: string;
  name: string;
  unit: string;
  materialGroup: string | null;
  unspsc: string | null;
}

/** A contract or order the ERP holds that we did not send (created in the ERP itself). */
export interface ErpImportedDocument {
  kind: 'contract' | 'order';
  key: string;
  supplier: string | null;
  currency: string;
  /** yyyy-MM-dd */
  date: string | null;
  validFrom?: string | null;
  validTo?: string | null;
  targetValue?: string | null;
  description: string;
  lines: Array<{
    pos: number;
    item: string | null;
    description: string;
    quantity: string;
    unit: string;
    price: string;
    plant: string | null;
    materialGroup: string | null;
  }>;
}

/** Our external references start with this (externalRefOf): documents with it are ours, not imports. */
export const OUR_REF_PREFIX = 'P2P';

export interface ErpConnector {
  /** where the connector points (masked of credentials), for /admin and the monitor */
  readonly describe: string;
  create(input: ErpDocumentInput): Promise<ErpCreated>;
  /** several creates in one $batch, one changeset each: each answer on its own */
  createMany(inputs: ErpDocumentInput[]): Promise<Array<ErpCreated | ErpError>>;
  findByRef(kind: ErpDocumentKind, externalRef: string): Promise<ErpCreated | null>;
  read(kind: 'order', key: string): Promise<{ data: Record<string, unknown>; etag: string | null }>;
  /** header changes with optimistic locking (If-Match): a stale etag is a conflict */
  updateOrder(
    key: string,
    changes: Record<string, unknown>,
    etag: string | null,
  ): Promise<{ etag: string | null }>;
  postGoodsReceipt(input: ErpGoodsReceiptInput): Promise<ErpCreated>;
  reverseGoodsReceipt(key: string, year: string, postingDate: string): Promise<ErpCreated>;
  /** business partners with the supplier role, every page followed */
  listSuppliers(pageSize?: number): Promise<ErpSupplier[]>;
  /** materials (API_PRODUCT_SRV), every page followed */
  listMaterials(pageSize?: number): Promise<ErpMaterial[]>;
  /** contracts or orders not created by us (no P2P external reference), with items, every page */
  listDocuments(kind: 'contract' | 'order', pageSize?: number): Promise<ErpImportedDocument[]>;
  /** the reversal (102) of a material document, if one was posted (a retry after an unknown outcome) */
  findReversal(key: string, year: string): Promise<ErpCreated | null>;
}
