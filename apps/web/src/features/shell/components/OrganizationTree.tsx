import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { filterOrgTree, isSelectableNode, type OrgNode } from '@p2p/domain';

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

export interface OrganizationTreeProps {
  organization: readonly OrgNode[];
  selectedKey: string | null;
  disabled: boolean;
  onSelect: (key: string) => void;
}

/** The filterable, single-selection organization tree (company and plant nodes); the filter ignores accents and case. */
export function OrganizationTree({ organization, selectedKey, disabled, onSelect }: OrganizationTreeProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<TreeExpandedKeysType>({});
  const nodes = useMemo(() => toTreeNodes(filterOrgTree(organization, filter)), [organization, filter]);

  return (
    <div className="group-drawer__tree">
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
      {nodes.length === 0 ? (
        <p className="muted" data-testid="org-empty">
          {t('common.noResults')}
        </p>
      ) : (
        <Tree
          value={nodes}
          selectionMode="single"
          selectionKeys={selectedKey}
          onSelectionChange={(e) => typeof e.value === 'string' && onSelect(e.value)}
          expandedKeys={expandedKeys}
          onToggle={(e) => setExpandedKeys(e.value)}
          disabled={disabled}
          className="org-tree"
          data-testid="org-tree"
        />
      )}
    </div>
  );
}
