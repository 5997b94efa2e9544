import type { GroupEntry, RoleRef } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db, UserStatus } from '../db/database.ts';
import { json } from '../db/database.ts';
import { sessionCache } from './session-cache.ts';

export interface NewUser {
  domainId: string;
  username: string;
  name: string;
  email: string;
  passwordHash: string | null;
  roleKey: string;
  status: UserStatus;
  supplierId?: string | null;
  lang?: string;
}

const userValues = (user: NewUser) => ({
  domain_id: user.domainId,
  username: user.username,
  name: user.name,
  email: user.email,
  password_hash: user.passwordHash,
  role_key: user.roleKey,
  status: user.status,
  supplier_id: user.supplierId ?? null,
  lang: user.lang ?? 'en',
});

/** SQL for users, their roles and groups. Every read is scoped by domain. */
export function userRepository(db: Db) {
  const baseUser = () =>
    db
      .selectFrom('users')
      .innerJoin('roles', 'roles.key', 'users.role_key')
      .leftJoin('suppliers', 'suppliers.id', 'users.supplier_id')
      .select([
        'users.id',
        'users.domain_id',
        'users.username',
        'users.name',
        'users.email',
        'users.password_hash',
        'users.role_key',
        'roles.name as role_name',
        'users.lang',
        'users.supplier_id',
        'suppliers.name as supplier_name',
        'users.profile',
        'users.filter',
        'users.filter_data',
        'users.context',
        'users.settings',
        'users.status',
      ]);

  const adminUser = (domainId: string) =>
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'name',
        'email',
        'role_key',
        'status',
        'supplier_id',
        'password_hash',
        'created_at',
        'password_reset_requested_at',
      ])
      .where('domain_id', '=', domainId)
      .where('role_key', '<>', 'system');

  return {
    findById: (domainId: string, id: string) =>
      baseUser().where('users.domain_id', '=', domainId).where('users.id', '=', id).executeTakeFirst(),

    findByUsername: (domainId: string, username: string) =>
      baseUser()
        .where('users.domain_id', '=', domainId)
        .where('users.username', '=', username)
        .executeTakeFirst(),

    async existsUsernameOrEmail(domainId: string, username: string, email: string) {
      const rows = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where('domain_id', '=', domainId)
        .where((eb) =>
          eb.or([eb('username', '=', username), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]),
        )
        .execute();
      return {
        username: rows.some((r) => r.username === username),
        email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      };
    },

    /** The primary role first, then the others by key. */
    async roles(userId: string): Promise<RoleRef[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.key', 'user_roles.role_key')
        .select(['roles.key', 'roles.name'])
        .where('user_roles.user_id', '=', userId)
        .orderBy('roles.key')
        .execute();
      return rows;
    },

    async groups(domainId: string, userId: string): Promise<GroupEntry[]> {
      const rows = await db
        .selectFrom('user_groups')
        .innerJoin('groups', 'groups.id', 'user_groups.group_id')
        .select(['groups.id', 'groups.key', 'groups.name'])
        .where('user_groups.user_id', '=', userId)
        .where('groups.domain_id', '=', domainId)
        .orderBy('groups.name')
        .execute();
      return rows.map((r) => ({ _id: r.id, key: r.key, name: r.name }));
    },

    /** The locations and the workgroups the user works in, by name. */
    async places(userId: string): Promise<{ locations: GroupEntry[]; workgroups: GroupEntry[] }> {
      const [locations, workgroups] = await Promise.all([
        db
          .selectFrom('user_locations as ul')
          .innerJoin('locations as l', 'l.id', 'ul.location_id')
          .select(['l.id', 'l.key', 'l.name'])
          .where('ul.user_id', '=', userId)
          .orderBy('l.name')
          .execute(),
        db
          .selectFrom('user_workgroups as uw')
          .innerJoin('workgroups as w', 'w.id', 'uw.workgroup_id')
          .select(['w.id', 'w.key', 'w.name'])
          .where('uw.user_id', '=', userId)
          .orderBy('w.name')
          .execute(),
      ]);
      const entry = (r: { id: string; key: string; name: string }) => ({
        _id: r.id,
        key: r.key,
        name: r.name,
      });
      return { locations: locations.map(entry), workgroups: workgroups.map(entry) };
    },

    /**
     * The group entry of a context group that is not one of the user's own groups: a group of the
     * domain, or an organization node (addressed by its group or its id) labelled as the node.
     */
    async contextGroup(domainId: string, groupId: string): Promise<GroupEntry | null> {
      const group = await db
        .selectFrom('groups')
        .select(['id', 'key', 'name'])
        .where('domain_id', '=', domainId)
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (group) return { _id: group.id, key: group.key, name: group.name };
      const node = await db
        .selectFrom('org_nodes')
        .select(['key', 'label'])
        .where('domain_id', '=', domainId)
        .where((eb) => eb.or([eb('group_id', '=', groupId), eb('id', '=', groupId)]))
        .orderBy('type', 'desc')
        .executeTakeFirst();
      return node ? { _id: groupId, key: node.key, name: node.label } : null;
    },

    async insert(user: NewUser): Promise<string> {
      const row = await db
        .insertInto('users')
        .values(userValues(user))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: row.id, role_key: user.roleKey }).execute();
      return row.id;
    },

    /**
     * Inserts the user unless the username or e-mail address is taken in the domain (null then):
     * the unique constraints decide, so two sign-ups racing for one name cannot both pass.
     * Run it inside a transaction (the role row follows the user row).
     */
    async insertIfAbsent(user: NewUser): Promise<string | null> {
      const row = await db
        .insertInto('users')
        .values(userValues(user))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await db.insertInto('user_roles').values({ user_id: row.id, role_key: user.roleKey }).execute();
      return row.id;
    },

    /** The domain's people for the administrator's users screen (not the system user), by username. */
    listForAdmin: (domainId: string, limit: number) =>
      adminUser(domainId)
        // pending first: what waits for the administrator
        .orderBy(sql`status = 'pending'`, 'desc')
        .orderBy('username')
        .limit(limit)
        .execute(),

    findForAdmin: (domainId: string, id: string) =>
      adminUser(domainId).where('id', '=', id).executeTakeFirst(),

    // Every write below changes what the user's sessions resolve to: forget the cached ones.
    setPassword: (userId: string, passwordHash: string) =>
      forgetAfter(
        userId,
        db
          .updateTable('users')
          .set({ password_hash: passwordHash, status: 'active' })
          .where('id', '=', userId)
          .execute(),
      ),

    setStatus: (userId: string, status: UserStatus) =>
      forgetAfter(userId, db.updateTable('users').set({ status }).where('id', '=', userId).execute()),

    saveConfig: (domainId: string, userId: string, changes: { context?: object; lang?: string }) =>
      forgetAfter(
        userId,
        db
          .updateTable('users')
          .set({
            ...(changes.context ? { context: json(changes.context) } : {}),
            ...(changes.lang ? { lang: changes.lang } : {}),
          })
          .where('domain_id', '=', domainId)
          .where('id', '=', userId)
          .execute(),
      ),
  };
}

/** Forgets before and after the write: a request racing the write cannot keep the old user cached. */
async function forgetAfter<T>(userId: string, write: Promise<T>): Promise<T> {
  sessionCache.forgetUser(userId);
  try {
    return await write;
  } finally {
    sessionCache.forgetUser(userId);
  }
}

export type UserRepository = ReturnType<typeof userRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<UserRepository['findById']>>>;
