import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import {
  filterOrgTree,
  findOrgPath,
  isSelectableNode,
  plantForSelection,
  type GroupOption,
  type OrgNode,
  type SessionUser,
  type UserContext,
} from '@p2p/domain';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { saveUserConfig } from '../../../lib/user-config.ts';
import { useUserGroups } from '../api/shell.ts';
import { currentGroupName } from '../current-group.ts';

const toTreeNodes = (nodes: readonly OrgNode[]): TreeNode[] =>
  nodes.map((n) => ({
    key: n.key,
    label: n.label,
    data: n,
    icon: n.type === 'company' ? 'pi pi-building' : 'pi pi-map-marker',
    selectable: isSelectableNode(n),
    children: n.children?.length ? toTreeNodes(n.children) : undefined,
  }));

const allKeys = (nodes: readonly OrgNode[], into: TreeExpandedKeysType = {}): TreeExpandedKeysType => {
  for (const n of nodes) {
    if (n.children?.length) {
      into[n.key] = true;
      allKeys(n.children, into);
    }
  }
  return into;
};

/** The context that selecting an organization node produces (company without children = itself as plant, else its first child). */
export function contextForNode(node: OrgNode): UserContext | null {
  const plant = plantForSelection(node);
  if (!plant) return null;
  return { active: 'organization', group: plant.group._id, plant: plant.key, location: null, workgroup: null };
}

export const contextForOption = (option: GroupOption): UserContext =>
  option.key === 'created-by-me'
    ? { active: 'group', group: null, plant: null, location: null, workgroup: null }
    : { active: 'group', group: option.key, plant: null, location: null, workgroup: null };

export const CLEARED_CONTEXT: UserContext = { active: null, group: null, plant: null, location: null, workgroup: null };

export interface GroupDrawerProps {
  visible: boolean;
  onHide: () => void;
  user: SessionUser;
  /** test seam; defaults to POST /profile/user/config */
  save?: (context: UserContext) => Promise<unknown>;
}

/** The group drawer (right): 'Keep working in' the current group, or pick from the organization tree or the group list. */
export function GroupDrawer({ visible, onHide, user, save = (context) => saveUserConfig({ context }) }: GroupDrawerProps) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useUserGroups(visible);
  const [filter, setFilter] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expandedKeys, setExpandedKeys] = useState<TreeExpandedKeysType>({});
  const [mode, setMode] = useState<'organization' | 'groups' | null>(null);

  const organization = useMemo(() => data?.organization ?? [], [data]);
  const filtered = useMemo(() => filterOrgTree(organization, filter), [organization, filter]);
  const nodes = useMemo(() => toTreeNodes(filtered), [filtered]);
  const ctx = user.context ?? {};
  const currentName = currentGroupName(user, data);

  const apply = async (context: UserContext | null) => {
    if (!context) return;
    setBusy(true);
    setFailure(null);
    try {
      await save(context);
      onHide();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const onTreeSelect = (key: string) => {
    const path = findOrgPath(organization, key);
    const node = path[path.length - 1];
    if (node) void apply(contextForNode(node));
  };

  const selectedKey = ctx.active === 'organization' ? (ctx.plant ?? null) : null;
  const hasTree = organization.length > 0;
  const view = hasTree ? (mode ?? (ctx.active === 'group' ? 'groups' : 'organization')) : 'groups';

  return (
    <SidePanel visible={visible} onHide={onHide} position="right" title={t('shell.groups.title')} testId="group-drawer" className="group-drawer">
      <p className="group-drawer__current">
        {t('messages.keepWorkingIn')} <strong data-testid="group-drawer-current">{currentName || t('shell.groups.none')}</strong>
      </p>
      <p className="group-drawer__hint">{t('messages.selectFromList')}</p>
      {failure && <Message severity="error" text={failure} className="w-full mb-2" data-testid="group-error" />}
      {isLoading && <Loading />}
      {error && <Message severity="error" text={error.message} className="w-full mb-2" />}
      {data && hasTree && (
        <div className="group-drawer__modes" role="tablist">
          <Button type="button" size="small" role="tab" aria-selected={view === 'organization'} outlined={view !== 'organization'} label={t('shell.groups.organization')} onClick={() => setMode('organization')} data-testid="group-mode-organization" />
          <Button type="button" size="small" role="tab" aria-selected={view === 'groups'} outlined={view !== 'groups'} label={t('shell.groups.list')} onClick={() => setMode('groups')} data-testid="group-mode-groups" />
        </div>
      )}
      {data && view === 'organization' && (
        <div className="group-drawer__tree">
          <span className="p-input-icon-left w-full">
            <InputText
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setExpandedKeys(e.target.value.trim() ? allKeys(filterOrgTree(organization, e.target.value)) : {});
              }}
              placeholder={t('shell.groups.search')}
              aria-label={t('shell.groups.search')}
              className="w-full"
              data-testid="org-filter"
            />
          </span>
          {nodes.length === 0 ? (
            <p className="muted" data-testid="org-empty">
              {t('common.noResults')}
            </p>
          ) : (
            <Tree
              value={nodes}
              selectionMode="single"
              selectionKeys={selectedKey}
              onSelectionChange={(e) => typeof e.value === 'string' && onTreeSelect(e.value)}
              expandedKeys={expandedKeys}
              onToggle={(e) => setExpandedKeys(e.value)}
              disabled={busy}
              className="org-tree"
              data-testid="org-tree"
            />
          )}
        </div>
      )}
      {data && view === 'groups' && (
        <div className="group-list" data-testid="group-list">
          {data.options.map((o) => (
            <button
              key={o.key}
              type="button"
              className={`group-list__item${ctx.active === 'group' && (ctx.group ?? 'created-by-me') === o.key ? ' group-list__item--active' : ''}`}
              disabled={busy}
              onClick={() => void apply(contextForOption(o))}
              data-testid={`group-option-${o.key}`}
            >
              <i className="pi pi-filter" aria-hidden="true" /> {t(`groupOptions.${o.key}`, { defaultValue: o.label })}
            </button>
          ))}
          {data.groups.map((g) => (
            <button
              key={g._id}
              type="button"
              className={`group-list__item${ctx.group === g._id ? ' group-list__item--active' : ''}`}
              disabled={busy}
              onClick={() => void apply({ active: 'group', group: g._id, plant: null, location: null, workgroup: null })}
              data-testid={`group-entry-${g.key}`}
            >
              <i className="pi pi-users" aria-hidden="true" /> {g.name}
            </button>
          ))}
        </div>
      )}
      <div className="group-drawer__buttons">
        <Button type="button" label={t('shell.groups.close')} severity="secondary" outlined onClick={onHide} data-testid="group-close" />
        <Button type="button" label={t('shell.groups.clear')} severity="secondary" disabled={busy} onClick={() => void apply(CLEARED_CONTEXT)} data-testid="group-clear" />
      </div>
    </SidePanel>
  );
}
