import { sql, type Kysely } from 'kysely';

/**
 * The locations and workgroups a user works in (seed 000 section 3, user context: group, location,
 * plant, workgroup). The group drawer offers them, and the working context narrows lists by them:
 * a location to the documents delivered there (`data.location._id`), a workgroup to the documents
 * its members created or requested.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, target] of [
    ['user_locations', 'location_id', 'locations.id'],
    ['user_workgroups', 'workgroup_id', 'workgroups.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(column, 'text', (c) => c.notNull().references(target).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', column])
      .execute();
  }
  await sql`create index user_workgroups_workgroup on user_workgroups (workgroup_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_workgroups').ifExists().execute();
  await db.schema.dropTable('user_locations').ifExists().execute();
}
