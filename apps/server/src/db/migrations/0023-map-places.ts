import { sql, type Kysely } from 'kysely';

/**
 * Coordinates of the delivery map (seed 001 section 2.10), geocoded once and stored: a plant (ref:
 * its org node key) or a delivery address (ref: the normalised address text). lat/lng null: the
 * geocoder found nothing for the address (tried once, not asked again on every map view).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('map_places')
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('plant', 'address')`))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_places_pk', ['domain_id', 'kind', 'ref'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_places').ifExists().execute();
}
