import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { InputText } from 'primereact/inputtext';
import { isSelectableNode, type OrgNode } from '@p2p/domain';
import { Tree } from '../../../components/tree/Tree.tsx';
import type { TreeItem } from '../../../components/tree/tree-model.ts';

const toTreeItems = (nodes: readonly OrgNode[]): TreeItem[] =>
  nodes.map((n) => ({
    key: n.key,
    label: n.label,
    data: n,
    type: n.type,
    icon: n.type === 'company' ? 'pi pi-building' : 'pi pi-map-marker',
    selectable: isSelectableNode(n),
    children: n.children?.length ? toTreeItems(n.children) : [],
  }));

export interface OrganizationTreeProps {
  organization: readonly OrgNode[];
  selectedKey: string | null;
  disabled: boolean;
  onSelect: (key: string) => void;
}

/**
 * The filterable, single-selection organization tree (company and plant nodes) on the generic tree
 * (components/tree): the filter ignores accents and case and opens the branches that match.
 */
export function OrganizationTree({ organization, selectedKey, disabled, onSelect }: OrganizationTreeProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const nodes = useMemo(() => toTreeItems(organization), [organization]);

  return (
    <div className="group-drawer__tree">
      <InputText
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('shell.groups.search')}
        aria-label={t('shell.groups.search')}
        className="w-full"
        data-testid="org-filter"
      />
      <Tree
        nodes={nodes}
        query={filter}
        selectionMode="single"
        selectedKey={selectedKey}
        onSelect={(node) => onSelect(node.key)}
        disabled={disabled}
        testId="org-tree"
        emptyTestId="org-empty"
        ariaLabel={t('shell.groups.search')}
      />
    </div>
  );
}
