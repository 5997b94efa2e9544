import {
  canSwitchGroup,
  groupListOptions,
  type ApiFieldError,
  type OrgNode,
  type UserConfigRequest,
  type UserConfigResponse,
  type UserContext,
  type UserGroupsResponse,
} from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { favoriteRepository } from '../favorites/favorite.repository.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { userRepository } from '../auth/user.repository.ts';
import type { Db, GroupFilter } from '../db/database.ts';
import { fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { organizationRepository } from './organization.repository.ts';

/** The settings POST /profile/user/config saves; a body with none of them is refused. */
const CONFIG_KEYS = ['context', 'lang', 'domain', 'favorites'] as const satisfies ReadonlyArray<
  keyof UserConfigRequest
>;
const NOTHING_TO_SAVE = `Nothing to save: send one of ${CONFIG_KEYS.join(', ')}.`;
const nothingToSave = () =>
  fieldErrors(NOTHING_TO_SAVE, [{ field: 'request', message: NOTHING_TO_SAVE }], 'profile.nothing-to-save');

type NodeRow = Awaited<ReturnType<ReturnType<typeof organizationRepository>['nodes']>>[number];

/** A node without its children (nodes without a group of their own are addressed by their node id). */
const orgNode = (r: NodeRow): OrgNode => ({
  key: r.key,
  type: r.type,
  label: r.label,
  group: { _id: r.group_id ?? r.id },
});

function buildTree(rows: NodeRow[]): OrgNode[] {
  const toNode = (r: NodeRow): OrgNode => {
    const children = rows.filter((c) => c.parent_id === r.id).map(toNode);
    return { ...orgNode(r), ...(children.length ? { children } : {}) };
  };
  return rows.filter((r) => r.parent_id === null).map(toNode);
}

/** Group and plant selection, the user's settings and the home redirect. */
export function profileService(db: Db, auth: Pick<AuthService, 'switchDomain'>) {
  const org = organizationRepository(db);
  const users = userRepository(db);
  const favorites = favoriteRepository(db);

  /** Group ids the caller may work in: their own groups and the groups of the organization tree. */
  async function selectable(caller: AuthContext) {
    const nodes = await org.nodes(caller.domainId);
    const groupIds = new Set([
      ...caller.user.groups.map((g) => g._id),
      ...nodes.map((n) => n.group_id ?? n.id),
    ]);
    return { nodes, groupIds };
  }

  async function validateContext(caller: AuthContext, context: UserContext): Promise<void> {
    const { nodes, groupIds } = await selectable(caller);
    const errors: ApiFieldError[] = [];
    const options = groupListOptions(caller.user, await org.domainSettings(caller.domainId)).options;
    const isOption = options.some((o) => o.key === context.group);
    if (context.group && !groupIds.has(context.group) && !isOption)
      errors.push({ field: 'context.group', message: 'Unknown group.' });
    if (context.plant && !nodes.some((n) => n.key === context.plant)) {
      errors.push({ field: 'context.plant', message: 'Unknown plant.' });
    }
    if (context.location && !(await org.exists('locations', caller.domainId, context.location))) {
      errors.push({ field: 'context.location', message: 'Unknown location.' });
    }
    if (context.workgroup && !(await org.exists('workgroups', caller.domainId, context.workgroup))) {
      errors.push({ field: 'context.workgroup', message: 'Unknown workgroup.' });
    }
    if (errors.length)
      throw fieldErrors(errors.map((e) => e.message).join(' '), errors, 'profile.invalid-context');
  }

  return {
    async groups(caller: AuthContext): Promise<UserGroupsResponse> {
      const [nodes, settings] = await Promise.all([
        org.nodes(caller.domainId),
        org.domainSettings(caller.domainId),
      ]);
      return {
        groups: caller.user.groups,
        organization: buildTree(nodes),
        options: groupListOptions(caller.user, settings).options,
      };
    },

    /**
     * One level of the caller's organization tree for a lazy tree: the top-level nodes, or the
     * children of the node with `parentKey` (a leaf answers []); a node of another tenant is 404.
     */
    async organizationLevel(caller: AuthContext, parentKey?: string): Promise<OrgNode[]> {
      let parentId: string | null = null;
      if (parentKey !== undefined) {
        const parent = await org.nodeByKey(caller.domainId, parentKey);
        if (!parent) throw notFound('Organization node not found.');
        parentId = parent.id;
      }
      return (await org.children(caller.domainId, parentId)).map(orgNode);
    },

    async groupFilter(caller: AuthContext, groupId: string): Promise<{ filter: GroupFilter }> {
      const { groupIds } = await selectable(caller);
      const group = groupIds.has(groupId) ? await org.group(caller.domainId, groupId) : undefined;
      if (!group) throw notFound('Group not found.');
      return { filter: group.filter ?? {} };
    },

    /**
     * Saves the working context and the language; `favorites` removes that favorite of the caller
     * (the favorites list's remove: it needs no access to the document any more); `domain` switches
     * to the caller's account in another domain and answers its new token and the domain.
     */
    async saveConfig(caller: AuthContext, req: UserConfigRequest): Promise<UserConfigResponse> {
      // an empty body saves nothing: refused, so a client bug does not pass for a saved config
      if (!CONFIG_KEYS.some((k) => req[k] !== undefined)) throw nothingToSave();
      if (req.domain && req.domain !== caller.domainId) {
        const switched = await auth.switchDomain(caller, req.domain);
        return { user: switched.user, token: switched.token, domain: switched.domain };
      }
      if (req.favorites) await favorites.remove(caller.user._id, req.favorites.model, req.favorites.id);
      if (req.context) {
        if (!canSwitchGroup(caller.user)) throw forbidden('Your account cannot switch group.');
        await validateContext(caller, req.context);
      }
      if (req.context || req.lang) {
        const changes = {
          ...(req.context ? { context: req.context } : {}),
          ...(req.lang ? { lang: req.lang } : {}),
        };
        const stored = await users.findById(caller.domainId, caller.user._id);
        const before = {
          ...(req.context ? { context: stored?.context ?? null } : {}),
          ...(req.lang ? { lang: stored?.lang ?? null } : {}),
        };
        await db.transaction().execute(async (trx) => {
          await userRepository(trx).saveConfig(caller.domainId, caller.user._id, changes);
          await audit.record(trx, {
            auth: caller,
            entity: 'user',
            entityId: caller.user._id,
            action: 'update',
            before,
            after: changes,
          });
        });
      }
      const row = await users.findById(caller.domainId, caller.user._id);
      if (!row) throw notFound('User not found.');
      return { user: await toSessionUser(users, row) };
    },

    async home(caller: AuthContext, userId: string): Promise<{ redirect?: string }> {
      if (userId !== caller.user._id) throw forbidden('You can only read your own home settings.');
      const row = await users.findById(caller.domainId, userId);
      const redirect = row?.settings?.homeRedirect;
      return redirect ? { redirect } : {};
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
