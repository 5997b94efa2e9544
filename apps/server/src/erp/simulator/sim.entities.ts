import { sapError, type SimAnswer, type SimDetail } from './sim.errors.ts';
import type { SimRecord, SimStore } from './sim.store.ts';

/**
 * The entity behaviour of the simulated services: create (deep insert) with business checks,
 * read by key with its ETag, PATCH with If-Match (428 without, 412 stale), queries with
 * `$filter=Prop eq 'v'`, `$top`, `$skip`, `$inlinecount` and server-driven paging (`__next`),
 * and the Cancel function import of material documents.
 */

interface Spec {
  set: string;
  key: string;
  items: string;
  itemKey: string;
  validate: (d: Record<string, unknown>, store: SimStore) => SimDetail[];
}

const num = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN);
const itemsOf = (d: Record<string, unknown>, nav: string) =>
  (d[nav] as { results?: Array<Record<string, unknown>> } | undefined)?.results ?? [];

function itemChecks(
  d: Record<string, unknown>,
  nav: string,
  itemKey: string,
  qty: string,
  price: string | null,
): SimDetail[] {
  const out: SimDetail[] = [];
  const items = itemsOf(d, nav);
  if (!items.length) out.push({ code: 'ME/083', message: 'Enter at least one item', target: nav });
  for (const it of items) {
    const at = `${nav}(${itemKey}='${String(it[itemKey])}')`;
    if (!(num(it[qty]) > 0))
      out.push({ code: 'ME/083', message: 'Enter a quantity greater than zero', target: `${at}/${qty}` });
    if (price && !(num(it[price]) > 0))
      out.push({ code: '06/212', message: 'Enter a net price greater than zero', target: `${at}/${price}` });
    if (!it.Material && !it.MaterialGroup)
      out.push({
        code: 'ME/062',
        message: 'Enter a material or a material group',
        target: `${at}/MaterialGroup`,
      });
  }
  return out;
}

function supplierCheck(d: Record<string, unknown>, store: SimStore): SimDetail[] {
  const s = String(d.Supplier ?? '');
  if (!s) return [{ code: '06/054', message: 'Enter a supplier', target: 'Supplier' }];
  return store.suppliers.some((x) => x.Supplier === s)
    ? []
    : [{ code: '06/046', message: `Supplier ${s} does not exist`, target: 'Supplier' }];
}

const SERVICES: Record<string, Spec> = {
  API_PURCHASEORDER_PROCESS_SRV: {
    set: 'A_PurchaseOrder',
    key: 'PurchaseOrder',
    items: 'to_PurchaseOrderItem',
    itemKey: 'PurchaseOrderItem',
    validate: (d, s) => [
      ...supplierCheck(d, s),
      ...itemChecks(d, 'to_PurchaseOrderItem', 'PurchaseOrderItem', 'OrderQuantity', 'NetPriceAmount'),
    ],
  },
  API_PURCHASEREQ_PROCESS_SRV: {
    set: 'A_PurchaseRequisitionHeader',
    key: 'PurchaseRequisition',
    items: 'to_PurchaseReqnItem',
    itemKey: 'PurchaseRequisitionItem',
    validate: (d) =>
      itemChecks(d, 'to_PurchaseReqnItem', 'PurchaseRequisitionItem', 'RequestedQuantity', null),
  },
  API_PURCHASECONTRACT_PROCESS_SRV: {
    set: 'A_PurchaseContract',
    key: 'PurchaseContract',
    items: 'to_PurchaseContractItem',
    itemKey: 'PurchaseContractItem',
    validate: (d, s) => [
      ...supplierCheck(d, s),
      ...itemChecks(
        d,
        'to_PurchaseContractItem',
        'PurchaseContractItem',
        'TargetQuantity',
        'ContractNetPriceAmount',
      ),
    ],
  },
  API_MATERIAL_DOCUMENT_SRV: {
    set: 'A_MaterialDocumentHeader',
    key: 'MaterialDocument',
    items: 'to_MaterialDocumentItem',
    itemKey: 'MaterialDocumentItem',
    validate: (d, s) => {
      const out: SimDetail[] = [];
      itemsOf(d, 'to_MaterialDocumentItem').forEach((it, i) => {
        const at = `to_MaterialDocumentItem(MaterialDocumentItem='${i + 1}')`;
        if (it.GoodsMovementType !== '101')
          out.push({
            code: 'M7/062',
            message: `Movement type ${String(it.GoodsMovementType)} is not allowed here`,
            target: `${at}/GoodsMovementType`,
          });
        if (!s.set('A_PurchaseOrder').has(String(it.PurchaseOrder)))
          out.push({
            code: 'M7/001',
            message: `Purchase order ${String(it.PurchaseOrder)} does not exist`,
            target: `${at}/PurchaseOrder`,
          });
        if (!(num(it.QuantityInEntryUnit) > 0))
          out.push({ code: 'M7/018', message: 'Enter a quantity', target: `${at}/QuantityInEntryUnit` });
      });
      return out;
    },
  },
};

const withMeta = (service: string, set: string, r: SimRecord) => ({
  __metadata: {
    id: `/sap/opu/odata/sap/${service}/${set}('${r.key}')`,
    uri: `/sap/opu/odata/sap/${service}/${set}('${r.key}')`,
    type: `${service.replace('_SRV', '')}.${set}Type`,
    etag: r.etag,
  },
  ...r.data,
});

export interface SimRequest {
  service: string;
  method: string;
  /** path inside the service, without query */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export function handleEntity(store: SimStore, req: SimRequest): SimAnswer {
  const { service, method, path, query } = req;
  if (service === 'API_BUSINESS_PARTNER' && path === 'A_Supplier' && method === 'GET')
    return page(service, 'A_Supplier', store.suppliers, query);
  if (service === 'API_PRODUCT_SRV' && path === 'A_Product' && method === 'GET')
    return page(service, 'A_Product', store.products, query);
  if (service === 'API_MATERIAL_DOCUMENT_SRV' && path === 'A_MaterialDocumentItem' && method === 'GET')
    return page(
      service,
      path,
      [...store.set('A_MaterialDocumentHeader').values()].flatMap((r) =>
        itemsOf(r.data, 'to_MaterialDocumentItem').map((i) => ({
          ...i,
          MaterialDocument: r.key,
          MaterialDocumentYear: r.year,
        })),
      ),
      query,
    );
  const spec = SERVICES[service];
  if (!spec)
    return sapError(
      404,
      service,
      '/IWFND/MED/170',
      `No service found for namespace '/SAP/', name '${service}', version '0001'`,
    );
  const notFound = () => sapError(404, service, '/IWBEP/CM_MGW_RT/020', 'Resource not found for segment');
  if (service === 'API_MATERIAL_DOCUMENT_SRV' && path === 'Cancel' && method === 'POST')
    return cancel(store, req);
  const byKey = new RegExp(`^${spec.set}\\('([^']+)'\\)$`).exec(path);
  if (byKey) {
    const rec = store.set(spec.set).get(byKey[1]!);
    if (!rec) return notFound();
    if (method === 'GET')
      return { status: 200, headers: { etag: rec.etag }, body: { d: withMeta(service, spec.set, rec) } };
    if (method === 'PATCH' || method === 'PUT') {
      const ifMatch = req.headers['if-match'];
      if (!ifMatch)
        return sapError(428, service, '/IWBEP/CM_MGW_RT/184', 'Operation requires an If-Match header');
      if (ifMatch !== '*' && ifMatch !== rec.etag)
        return sapError(
          412,
          service,
          '/IWBEP/CM_MGW_RT/022',
          'Precondition failed: the entity was changed by another user',
        );
      const changes = (req.body ?? {}) as Record<string, unknown>;
      for (const k of Object.keys(changes))
        if (k !== spec.key && !k.startsWith('to_')) rec.data[k] = changes[k];
      rec.etag = store.newEtag();
      return { status: 204, headers: { etag: rec.etag } };
    }
  }
  if (path !== spec.set) return notFound();
  if (method === 'GET')
    return page(
      service,
      spec.set,
      [...store.set(spec.set).values()].map((r) => withMeta(service, spec.set, r)),
      query,
    );
  if (method !== 'POST') return sapError(405, service, '/IWBEP/CM_MGW_RT/021', 'Method not allowed');
  const data = (req.body ?? {}) as Record<string, unknown>;
  const details = spec.validate(data, store);
  if (details.length) return sapError(400, service, details[0]!.code, details[0]!.message, details);
  const year = service === 'API_MATERIAL_DOCUMENT_SRV' ? String(new Date().getUTCFullYear()) : undefined;
  const key = store.nextNumber(service === 'API_MATERIAL_DOCUMENT_SRV' ? `${spec.set}:101` : spec.set);
  const rec: SimRecord = {
    key,
    etag: store.newEtag(),
    data: { ...data, [spec.key]: key, ...(year ? { MaterialDocumentYear: year } : {}) },
    ...(year ? { year } : {}),
  };
  store.set(spec.set).set(key, rec);
  return {
    status: 201,
    headers: { etag: rec.etag, location: `${spec.set}('${key}')` },
    body: { d: withMeta(service, spec.set, rec) },
  };
}

/** Cancel(MaterialDocumentYear, MaterialDocument, PostingDate): a 102 reversal document. */
function cancel(store: SimStore, req: SimRequest): SimAnswer {
  const unq = (v: string | null) => (v ?? '').replace(/^'|'$/g, '');
  const key = unq(req.query.get('MaterialDocument'));
  const original = store.set('A_MaterialDocumentHeader').get(key);
  if (!original || original.year !== unq(req.query.get('MaterialDocumentYear')))
    return sapError(400, req.service, 'M7/015', `Material document ${key} does not exist`);
  if (original.data.ReversedByDocument)
    return sapError(400, req.service, 'M7/156', `Material document ${key} has already been reversed`);
  const rev = store.nextNumber('A_MaterialDocumentHeader:102');
  const year = original.year!;
  const rec: SimRecord = {
    key: rev,
    year,
    etag: store.newEtag(),
    data: {
      MaterialDocument: rev,
      MaterialDocumentYear: year,
      GoodsMovementCode: '01',
      ReversedDocument: key,
      to_MaterialDocumentItem: {
        results: itemsOf(original.data, 'to_MaterialDocumentItem').map((i) => ({
          ...i,
          GoodsMovementType: '102',
          ReversedMaterialDocument: key,
          ReversedMaterialDocumentYear: year,
        })),
      },
    },
  };
  store.set('A_MaterialDocumentHeader').set(rev, rec);
  original.data.ReversedByDocument = rev;
  return { status: 200, body: { d: withMeta(req.service, 'A_MaterialDocumentHeader', rec) } };
}

const SERVER_PAGE = 50;

/** `$filter=P eq 'v'` (joined by and), `$top`, `$skip`, `$inlinecount`, `$select`; pages of 50 with __next. */
function page(
  service: string,
  set: string,
  rows: Array<Record<string, unknown>>,
  query: URLSearchParams,
): SimAnswer {
  let out = rows;
  const filter = query.get('$filter');
  if (filter) {
    // `P eq 'v'` and `not startswith(P,'v')`, joined by and
    const terms = filter
      .split(/\s+and\s+/)
      .map(
        (t) =>
          /^(\w+) (eq) '((?:[^']|'')*)'$/.exec(t.trim()) ??
          /^not (startswith)\((\w+),'((?:[^']|'')*)'\)$/.exec(t.trim()),
      );
    if (terms.some((t) => !t))
      return sapError(400, service, '/IWBEP/CM_MGW_RT/004', `Invalid filter expression: '${filter}'`);
    out = out.filter((r) =>
      terms.every((t) => {
        const [prop, op] = t![2] === 'eq' ? [t![1]!, 'eq'] : [t![2]!, 'not-startswith'];
        const v = String(r[prop] ?? '');
        const want = t![3]!.replace(/''/g, "'");
        return op === 'eq' ? v === want : !v.startsWith(want);
      }),
    );
  }
  const total = out.length;
  const skip = Number(query.get('$skip') ?? 0);
  const top = query.has('$top') ? Number(query.get('$top')) : Infinity;
  const want = out.slice(skip, skip + top);
  const chunk = want.slice(0, SERVER_PAGE);
  const select = query.get('$select')?.split(',');
  const results = select ? chunk.map((r) => Object.fromEntries(select.map((k) => [k, r[k]]))) : chunk;
  const next = want.length > SERVER_PAGE ? new URLSearchParams(query) : null;
  if (next) {
    next.set('$skip', String(skip + SERVER_PAGE));
    if (Number.isFinite(top)) next.set('$top', String(top - SERVER_PAGE));
  }
  return {
    status: 200,
    body: {
      d: {
        results,
        ...(query.get('$inlinecount') === 'allpages' ? { __count: String(total) } : {}),
        ...(next ? { __next: `/sap/opu/odata/sap/${service}/${set}?${next.toString()}` } : {}),
      },
    },
  };
}
