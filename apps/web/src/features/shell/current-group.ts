import { GROUP_OPTION_LABELS, findOrgPath, type GroupOptionKey, type SessionUser, type UserGroupsResponse } from '@p2p/domain';
import { i18n } from '../../lib/i18n.ts';

/**
 * The name of the group the user works in: the session's group, else the picked plant of the
 * organization tree, else a group entry or list option matching the context, else ''.
 */
export function currentGroupName(user: SessionUser, groups: UserGroupsResponse | undefined): string {
  if (user.group?.name) return user.group.name;
  const ctx = user.context ?? {};
  if (ctx.plant && groups) {
    const node = findOrgPath(groups.organization, ctx.plant).at(-1);
    if (node) return node.label;
  }
  if (ctx.group) {
    const entry = [...user.groups, ...(groups?.groups ?? [])].find((g) => g._id === ctx.group);
    if (entry) return entry.name;
    if (Object.hasOwn(GROUP_OPTION_LABELS, ctx.group)) return i18n.t(`groupOptions.${ctx.group as GroupOptionKey}`);
  }
  if (ctx.active === 'group' && !ctx.group) return i18n.t('groupOptions.created-by-me');
  return '';
}
