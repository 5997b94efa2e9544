import {
  OUR_REF_PREFIX,
  type ErpConnector,
  type ErpCreated,
  type ErpDocumentInput,
  type ErpDocumentKind,
  type ErpImportedDocument,
  type ErpMaterial,
  type ErpSupplier,
} from '../erp.connector.ts';
import { ErpError, transientError } from '../erp.errors.ts';
import { readBatch, writeBatch, type HttpMessage } from './odata-batch.ts';
import { fromODataDate, literal, posOfItem, toODataDate } from './odata-values.ts';
import {
  BUSINESS_PARTNER,
  DEFAULT_CONDITIONS,
  ENTITIES,
  entityOf,
  goodsReceiptEntity,
  IMPORTED_ITEMS,
  MATERIAL_DOCUMENT_ITEM,
  PRODUCT,
  type ConditionMap,
} from './sap-entities.ts';
import { sapHttp, toError, type SapConfig } from './sap-http.ts';

/** The S/4HANA connector over OData v2 (see sap-http.ts for tokens and errors). */
export function sapConnector(config: SapConfig & { conditions?: ConditionMap }): ErpConnector {
  const http = sapHttp(config);
  const conditions = config.conditions ?? DEFAULT_CONDITIONS;
  type D = { d: Record<string, unknown> & { __metadata?: { etag?: string } } };
  const created = (body: D, key: string, res?: { headers: Headers }): ErpCreated => ({
    key: String(body.d[key]),
    ...(body.d.MaterialDocumentYear ? { year: String(body.d.MaterialDocumentYear) } : {}),
    etag: res?.headers.get('etag') ?? body.d.__metadata?.etag ?? null,
  });

  /**
   * Every row of an entity set: client pages of `pageSize` ($top/$skip), and inside a page the
   * server-driven pages (`__next`, relative to the service) the server may cut it into.
   */
  async function listAll(
    service: string,
    entitySet: string,
    params: Record<string, string>,
    pageSize: number,
  ): Promise<Array<Record<string, unknown>>> {
    const out: Array<Record<string, unknown>> = [];
    const pageAt = (skip: number) =>
      `${entitySet}?${new URLSearchParams({ ...params, $top: String(pageSize), ...(skip ? { $skip: String(skip) } : {}) }).toString()}`;
    let path: string | null = pageAt(0);
    let inPage = 0;
    while (path) {
      const res = await http.request(service, 'GET', path);
      const d = res.json<{ d: { results: Array<Record<string, unknown>>; __next?: string } }>().d;
      out.push(...d.results);
      inPage += d.results.length;
      if (d.__next) path = d.__next.slice(d.__next.indexOf(entitySet));
      else if (inPage === pageSize && d.results.length) {
        path = pageAt(out.length);
        inPage = 0;
      } else path = null;
    }
    return out;
  }

  return {
    describe: `SAP OData v2 at ${config.url} (client ${config.client}, user ${config.user})`,

    async create(input) {
      const spec = ENTITIES[input.kind];
      const res = await http.request(spec.service, 'POST', spec.entitySet, {
        body: JSON.stringify(entityOf(input, conditions)),
      });
      return created(res.json<D>(), spec.key, res);
    },

    async createMany(inputs: ErpDocumentInput[]) {
      const byService = new Set(inputs.map((i) => ENTITIES[i.kind].service));
      if (byService.size !== 1) throw new Error('one $batch talks to one service');
      const spec = ENTITIES[inputs[0]!.kind];
      const parts = inputs.map((input) => ({
        changeset: [
          {
            method: 'POST',
            url: spec.entitySet,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(entityOf(input, conditions)),
          } satisfies HttpMessage,
        ],
      }));
      const batch = writeBatch(parts);
      const res = await http.request(spec.service, 'POST', '$batch', {
        body: batch.body,
        headers: { 'content-type': batch.contentType },
      });
      const answers = readBatch(res.text, res.headers.get('content-type') ?? '');
      return inputs.map((_, i): ErpCreated | ErpError => {
        const part = answers[i];
        // a failed changeset answers one error response instead of one per request
        const msg = part ? ('changeset' in part ? part.changeset[0] : part) : undefined;
        if (!msg) return transientError('The $batch answer lacks this changeset.');
        if ((msg.status ?? 500) >= 400)
          return toError(
            {
              status: msg.status!,
              headers: new Headers(msg.headers),
              text: msg.body,
              json: () => JSON.parse(msg.body),
            },
            'POST',
          );
        return created(JSON.parse(msg.body) as D, spec.key);
      });
    },

    async findByRef(kind: ErpDocumentKind, externalRef: string) {
      const spec = ENTITIES[kind];
      const query = new URLSearchParams({
        $filter: `${spec.ref} eq ${literal(externalRef)}`,
        $select: kind === 'goods-receipt' ? 'MaterialDocument,MaterialDocumentYear' : spec.key,
        $top: '2',
      });
      const res = await http.request(spec.service, 'GET', `${spec.entitySet}?${query.toString()}`);
      const results = res.json<{ d: { results: D['d'][] } }>().d.results;
      if (results.length > 1)
        throw new ErpError('conflict', `Two ERP documents carry the reference ${externalRef}.`);
      return results[0] ? created({ d: results[0] }, spec.key) : null;
    },

    async read(kind, key) {
      const spec = ENTITIES[kind];
      const res = await http.request(spec.service, 'GET', `${spec.entitySet}(${literal(key)})`);
      return { data: res.json<D>().d, etag: res.headers.get('etag') };
    },

    async updateOrder(key, changes, etag) {
      const spec = ENTITIES.order;
      const res = await http.request(spec.service, 'PATCH', `${spec.entitySet}(${literal(key)})`, {
        body: JSON.stringify(changes),
        headers: etag ? { 'if-match': etag } : {},
      });
      return { etag: res.headers.get('etag') };
    },

    async postGoodsReceipt(input) {
      const spec = ENTITIES['goods-receipt'];
      const res = await http.request(spec.service, 'POST', spec.entitySet, {
        body: JSON.stringify(goodsReceiptEntity(input)),
      });
      return created(res.json<D>(), spec.key, res);
    },

    async reverseGoodsReceipt(key, year, postingDate) {
      const spec = ENTITIES['goods-receipt'];
      // the function import Cancel of API_MATERIAL_DOCUMENT_SRV answers the reversal document
      const query = `MaterialDocumentYear=${literal(year)}&MaterialDocument=${literal(key)}&PostingDate=datetime${literal(toODataDate(postingDate).slice(6, -2))}`;
      const res = await http.request(spec.service, 'POST', `Cancel?${query}`);
      return created(res.json<D>(), spec.key, res);
    },

    async listSuppliers(pageSize = 100) {
      const rows = await listAll(BUSINESS_PARTNER.service, BUSINESS_PARTNER.entitySet, {}, pageSize);
      return rows.map((s): ErpSupplier => ({
        key: String(s.Supplier),
        name: String(s.SupplierName ?? ''),
        vat: (s.VATRegistration as string) || null,
        country: (s.Country as string) || null,
      }));
    },

    async listMaterials(pageSize = 100) {
      const rows = await listAll(PRODUCT.service, PRODUCT.entitySet, { $expand: 'to_Description' }, pageSize);
      return rows.map((p): ErpMaterial => {
        const texts =
          (p.to_Description as { results?: Array<Record<string, string>> } | undefined)?.results ?? [];
        const text = texts.find((t) => t.Language === 'EN') ?? texts[0];
        return {
          key: String(p.Product),
          name: text?.ProductDescription ?? String(p.Product),
          unit: String(p.BaseUnit || 'EA'),
          materialGroup: (p.ProductGroup as string) || null,
          unspsc: (p.ExternalProductGroup as string) || null,
        };
      });
    },

    async listDocuments(kind, pageSize = 50) {
      const spec = ENTITIES[kind];
      const items = IMPORTED_ITEMS[kind];
      // ours carry our external reference (P2P<id>): they are already documents here
      const rows = await listAll(
        spec.service,
        spec.entitySet,
        { $filter: `not startswith(${spec.ref},${literal(OUR_REF_PREFIX)})`, $expand: items.nav },
        pageSize,
      );
      const date = (v: unknown) =>
        typeof v === 'string' && v ? fromODataDate(v).toISOString().slice(0, 10) : null;
      return rows.map((d): ErpImportedDocument => ({
        kind,
        key: String(d[spec.key]),
        supplier: (d.Supplier as string) || null,
        currency: String(d.DocumentCurrency || 'EUR'),
        date: date(d.PurchaseOrderDate ?? d.CreationDate),
        ...(kind === 'contract'
          ? {
              validFrom: date(d.ValidityStartDate),
              validTo: date(d.ValidityEndDate),
              targetValue: (d.PurchaseContractTargetAmount as string) ?? null,
            }
          : {}),
        description: String(d.PurchaseContractName ?? d.PurchasingDocumentName ?? ''),
        lines: (
          (d[items.nav] as { results?: Array<Record<string, unknown>> } | undefined)?.results ?? []
        ).map((i) => ({
          pos: posOfItem(String(i[items.item])),
          item: (i.Material as string) || null,
          description: String(i[items.text] ?? ''),
          quantity: String(i[items.quantity] ?? '0'),
          unit: String(i[items.unit] || 'EA'),
          price: String(i[items.price] ?? '0'),
          plant: (i.Plant as string) || null,
          materialGroup: (i.MaterialGroup as string) || null,
        })),
      }));
    },

    async findReversal(key, year) {
      const spec = ENTITIES['goods-receipt'];
      const query = new URLSearchParams({
        $filter: `ReversedMaterialDocument eq ${literal(key)} and ReversedMaterialDocumentYear eq ${literal(year)}`,
        $select: 'MaterialDocument,MaterialDocumentYear',
        $top: '1',
      });
      const res = await http.request(spec.service, 'GET', `${MATERIAL_DOCUMENT_ITEM}?${query.toString()}`);
      const found = res.json<{ d: { results: D['d'][] } }>().d.results[0];
      return found ? created({ d: found }, spec.key) : null;
    },
  };
}
