import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { actsAsSupplier, lookupEntryNarrower, mayViewLookupField } from '@p2p/domain';
import { taxCodes } from '../documents/purchasing-config.ts';
import { COUNTRIES } from './countries.ts';
import { referenceRepository, type Page } from './reference.repository.ts';
import { normalizeQuery, rankEntry } from './trigram.ts';
import { UNITS, type UomClass } from './units.ts';

/** Page size of the look-ups (autocomplete) and its cap. */
export const LOOKUP_PAGE_SIZE = 10;
export const MAX_LOOKUP_PAGE_SIZE = 100;

export interface LookupParams {
  q?: string;
  p?: number;
  l?: number;
  c?: string;
}

export interface LookupAnswer<T> {
  items: T[];
  /** `estimated: true` (only then present): count is the planner's estimate, the match exceeds the count cap */
  options: { count: number | null; page: number; pagesize: number; estimated?: true };
}

function paging(params: LookupParams): Page & { page: number } {
  const page = Math.max(1, params.p ?? 1);
  const limit = Math.min(MAX_LOOKUP_PAGE_SIZE, Math.max(1, params.l ?? LOOKUP_PAGE_SIZE));
  return {
    q: normalizeQuery(params.q),
    page,
    limit,
    offset: (page - 1) * limit,
    count: params.c === '1' || params.c === 'true',
  };
}

const answer = <T>(
  items: T[],
  count: number | null,
  page: Page & { page: number },
  estimated = false,
): LookupAnswer<T> => ({
  items,
  options: {
    count,
    page: page.page,
    pagesize: page.limit,
    ...(estimated ? { estimated: true as const } : {}),
  },
});

/** Matches, orders and pages a static list in memory the way the SQL look-ups do. */
function lookupStatic<E, T>(
  entries: readonly E[],
  key: (e: E) => [code: string, name: string],
  view: (e: E) => T,
  params: LookupParams,
): LookupAnswer<T> {
  const page = paging(params);
  const ranked = entries
    .map((e) => {
      const [code, name] = key(e);
      return { e, code, name, r: page.q ? rankEntry(page.q, code, name) : { rank: 2, score: 1 } };
    })
    .filter((x): x is typeof x & { r: NonNullable<typeof x.r> } => x.r !== null)
    .sort(
      (a, b) =>
        a.r.rank - b.r.rank ||
        (a.r.rank <= 1 ? a.code.localeCompare(b.code, 'en') : 0) ||
        b.r.score - a.r.score ||
        a.name.localeCompare(b.name, 'en'),
    );
  const items = ranked.slice(page.offset, page.offset + page.limit).map((x) => view(x.e));
  return answer(items, page.count ? ranked.length : null, page);
}

/** Supplier callers are pinned to their own company (none: nothing). */
const supplierPin = (auth: AuthContext): string | null | false =>
  actsAsSupplier(auth.user) ? (auth.user.supplier?._id ?? false) : null;

/**
 * Reference look-ups for pickers and autocompletes: items, suppliers, users and tax codes of the
 * caller's domain, countries and units of measure. Answers {items, options: {count, page, pagesize}};
 * a count above the cap of reference.repository.ts is the planner's estimate and adds `estimated: true`.
 */
export function referenceService(db: Db) {
  const repo = referenceRepository(db);

  return {
    async items(auth: AuthContext, params: LookupParams) {
      const page = paging(params);
      const { rows, count, estimated } = await repo.items(auth.domainId, page);
      const narrow = lookupEntryNarrower(auth.user, 'item');
      return answer(
        rows.map((r) =>
          narrow({
            _id: r.id,
            key: r.code,
            code: r.code,
            label: r.name,
            name: r.name,
            uom: r.uom,
            materialGroup: r.material_group,
            unspsc: r.unspsc,
            price: r.price,
          }),
        ),
        count,
        page,
        estimated,
      );
    },

    async suppliers(auth: AuthContext, params: LookupParams) {
      const page = paging(params);
      const pin = supplierPin(auth);
      if (pin === false) return answer([], page.count ? 0 : null, page);
      // the VAT number is the code only for those who may see it; others pick by name
      const byVat = mayViewLookupField(auth.user, 'supplier', 'vat');
      const { rows, count, estimated } = await repo.suppliers(auth.domainId, pin, page, byVat);
      const narrow = lookupEntryNarrower(auth.user, 'supplier');
      return answer(
        rows.map((r) =>
          narrow({
            _id: r.id,
            key: byVat ? r.vat : r.id,
            vat: r.vat,
            label: r.name,
            name: r.name,
            status: r.status,
            address: r.address,
          }),
        ),
        count,
        page,
        estimated,
      );
    },

    async users(auth: AuthContext, params: LookupParams) {
      const page = paging(params);
      const pin = supplierPin(auth);
      if (pin === false) return answer([], page.count ? 0 : null, page);
      const { rows, count, estimated } = await repo.users(auth.domainId, pin, page);
      const narrow = lookupEntryNarrower(auth.user, 'user');
      return answer(
        rows.map((r) =>
          narrow({
            _id: r.id,
            key: r.username,
            username: r.username,
            label: r.name,
            name: r.name,
            email: r.email,
            role: r.role_key,
            supplier: r.supplier_id ? { _id: r.supplier_id } : null,
          }),
        ),
        count,
        page,
        estimated,
      );
    },

    taxes: (auth: AuthContext, params: LookupParams) =>
      lookupStatic(
        taxCodes(auth.user.lang),
        (t) => [t.key, t.label],
        (t) => ({ _id: t.key, key: t.key, label: t.label, value: t.value, group: t.group }),
        params,
      ),

    countries: (_auth: AuthContext, params: LookupParams) =>
      lookupStatic(
        COUNTRIES,
        ([code, name]) => [code, name],
        ([code, name]) => ({ _id: code, key: code, code, label: name, name }),
        params,
      ),

    units: (_auth: AuthContext, params: LookupParams & { class?: UomClass }) =>
      lookupStatic(
        params.class ? UNITS.filter((u) => u.class === params.class) : UNITS,
        (u) => [u.code, u.name],
        (u) => ({ _id: u.code, key: u.code, code: u.code, label: u.name, name: u.name, class: u.class }),
        params,
      ),
  };
}

export type ReferenceService = ReturnType<typeof referenceService>;
