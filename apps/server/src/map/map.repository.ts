import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

export interface MapPlacesTable {
  domain_id: string;
  kind: 'plant' | 'address';
  ref: string;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  source: string;
}

export type MapPlaceRow = MapPlacesTable;

export interface OpenOrderRow {
  id: string;
  key: string | null;
  description: string | null;
  address: Record<string, unknown> | null;
  location_id: string | null;
  location_name: string | null;
}

/** Orders still to be delivered: not finished, refused or deleted. */
export const CLOSED_ORDER_STATES = ['completed', 'closed', 'archived', 'rejected', 'deleted'] as const;

/** Kysely and SQL only: stored coordinates, plants and the open orders of a scope. */
export function mapRepository(base: Db) {
  const db = base.withTables<{ map_places: MapPlacesTable }>();
  return {
    async places(domainId: string, kind: 'plant' | 'address', refs: string[]): Promise<MapPlaceRow[]> {
      if (!refs.length) return [];
      return db
        .selectFrom('map_places')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('kind', '=', kind)
        .where('ref', 'in', refs)
        .execute();
    },
    /** Stores a place once; a place already stored (another caller was first) stays as it is. */
    async savePlace(row: MapPlaceRow): Promise<void> {
      await db
        .insertInto('map_places')
        .values(row)
        .onConflict((oc) => oc.columns(['domain_id', 'kind', 'ref']).doNothing())
        .execute();
    },
    async plants(domainId: string): Promise<Array<{ key: string; label: string }>> {
      return base
        .selectFrom('org_nodes')
        .select(['key', 'label'])
        .where('domain_id', '=', domainId)
        .where('type', '=', 'plant')
        .orderBy('position')
        .execute();
    },
    /** Open orders inside `scope` (the caller's document scope), with their delivery location. */
    async openOrders(scope: RawBuilder<boolean>, limit: number): Promise<OpenOrderRow[]> {
      const rows = await base
        .selectFrom('documents as d')
        .leftJoin('locations as l', (j) =>
          j.on(sql<boolean>`l.id::text = d.data #>> '{location,_id}' and l.domain_id = d.domain_id`),
        )
        .select([
          sql<string>`d.id::text`.as('id'),
          'd.key',
          sql<string | null>`d.data ->> 'description'`.as('description'),
          sql<Record<string, unknown> | null>`case when jsonb_typeof(d.data -> 'address') = 'object'
            then d.data -> 'address' end`.as('address'),
          sql<string | null>`l.id::text`.as('location_id'),
          sql<string | null>`l.name`.as('location_name'),
          sql<Record<string, unknown> | null>`l.address`.as('location_address'),
        ])
        .where(scope)
        .where('d.model', '=', 'order')
        .where('d.deleted', '=', false)
        .where('d.state', 'not in', [...CLOSED_ORDER_STATES])
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => {
        const { location_address, ...rest } = r as typeof r & {
          location_address: Record<string, unknown> | null;
        };
        return { ...rest, address: addressText(r.address) ? r.address : location_address } as OpenOrderRow;
      });
    },
  };
}

/** 'Rua do Açúcar 88, 1950-010 Lisboa, PT' from an address object; '' when it has no place. */
export function addressText(address: Record<string, unknown> | null | undefined): string {
  if (!address) return '';
  const text = (k: string) => (typeof address[k] === 'string' ? (address[k] as string).trim() : '');
  if (!text('street') && !text('city')) return '';
  const place = [text('postcode'), text('city')].filter(Boolean).join(' ');
  return [text('street'), place, text('country')].filter(Boolean).join(', ');
}

/** The stored key of an address: case and spacing do not make two places. */
export const addressKey = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();
