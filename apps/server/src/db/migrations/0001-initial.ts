import { sql, type Kysely } from 'kysely';

/** The foundation schema: tenancy, organization, users, sessions, registrations, notifications. */

const uuidText = sql`gen_random_uuid()::text`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filter', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint('groups_domain_key', ['domain_id', 'key'])
    .execute();

  await db.schema
    .createTable('org_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('parent_id', 'text', (c) => c.references('org_nodes.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('company', 'plant')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('groups.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('org_nodes_domain_key', ['domain_id', 'key'])
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint('locations_domain_key', ['domain_id', 'key'])
    .execute();

  await db.schema
    .createTable('workgroups')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('workgroups_domain_key', ['domain_id', 'key'])
    .execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vat', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('role_key', 'text', (c) => c.notNull().references('roles.key'))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
    .addColumn('profile', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('filter', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('filter_data', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('context', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'pending', 'disabled')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_domain_username', ['domain_id', 'username'])
    .execute();
  // Case-insensitive e-mail uniqueness per domain; sign-up answers 409 before this ever fires.
  await sql`create unique index users_domain_email on users (domain_id, lower(email))`.execute(db);

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_key', 'text', (c) => c.notNull().references('roles.key'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_key'])
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('password_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('supplier_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(uuidText))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('icon', 'text')
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ts', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notifications_user_ts')
    .on('notifications')
    .columns(['user_id', 'ts'])
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_settings_pk', ['domain_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_settings',
    'notifications',
    'supplier_registrations',
    'password_tokens',
    'sessions',
    'user_groups',
    'user_roles',
    'users',
    'suppliers',
    'workgroups',
    'locations',
    'org_nodes',
    'groups',
    'roles',
    'domains',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
