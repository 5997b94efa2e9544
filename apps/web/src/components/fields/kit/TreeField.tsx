import { useQuery } from '@tanstack/react-query';
import { getPath } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { Tree } from '../../tree/Tree.tsx';
import { pathTo, toTreeItems, type CheckKeys, type TreeItem } from '../../tree/tree-model.ts';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

/**
 * A tree field's source: `url` answers the tree (or an object whose `path` holds it);
 * `childrenUrl` answers a node's children at {childrenUrl}/{nodeId}.
 */
export interface TreeSource {
  url?: string;
  path?: string;
  childrenUrl?: string;
  selection?: 'single' | 'checkbox';
  search?: boolean;
}

/** A stored selection entry: the node and its check state. */
export interface TreeChoice {
  key: string;
  label: string;
  checked: boolean;
  partialChecked: boolean;
}

const sourceOf = (field: FieldDef): TreeSource => {
  const tree = (field as FieldDef & { tree?: TreeSource | string }).tree;
  return typeof tree === 'string' ? { url: tree } : (tree ?? {});
};

const NO_NODES: TreeItem[] = [];

const choices = (v: unknown): TreeChoice[] => (Array.isArray(v) ? (v as TreeChoice[]) : []);

export function TreeDisplay({ field, value }: DisplayProps) {
  const checked = choices(value).filter((c) => c.checked);
  if (!checked.length) return null;
  // a checked parent stands for its children: list the top-most checked nodes only when possible
  return (
    <ul className="field-tree-display" data-testid={`tree-display-${field.src}`}>
      {checked.map((c) => (
        <li key={c.key}>{c.label}</li>
      ))}
    </ul>
  );
}

/** tree: nodes from the field's url, lazy children from {childrenUrl}/{nodeId}, checkbox or single selection. */
export function TreeInput({ id, field, value, onChange, disabled }: InputProps) {
  const source = sourceOf(field);
  const roots = useQuery({
    queryKey: ['tree-field', source.url, source.path],
    queryFn: async () => {
      const answer = await api.get<unknown>(source.url!);
      return toTreeItems(source.path ? getPath(answer, source.path) : answer);
    },
    enabled: Boolean(source.url),
    staleTime: 5 * 60 * 1000,
  });
  const stored = choices(value);
  const keys: CheckKeys = Object.fromEntries(
    stored.map((c) => [c.key, { checked: c.checked, partialChecked: c.partialChecked }]),
  );
  const labels = new Map(stored.map((c) => [c.key, c.label]));
  const save = (next: CheckKeys, nodes: TreeItem[]) => {
    const list = Object.entries(next).map(([key, s]) => ({
      key,
      label: pathTo(nodes, key).at(-1)?.label ?? labels.get(key) ?? key,
      ...s,
    }));
    onChange(list.length ? list : null);
  };
  const loadChildren = source.childrenUrl
    ? async (node: TreeItem) =>
        toTreeItems(
          await api.get<unknown>(`${source.childrenUrl}/${encodeURIComponent(node._id ?? node.key)}`),
        )
    : undefined;
  return (
    <div id={id} className="field-tree" data-testid={`tree-field-${field.src}`}>
      <Tree
        nodes={roots.data ?? NO_NODES}
        selectionMode={source.selection ?? 'checkbox'}
        checkKeys={keys}
        onCheck={save}
        selectedKey={stored.find((c) => c.checked)?.key ?? null}
        onSelect={(node) =>
          onChange([{ key: node.key, label: node.label, checked: true, partialChecked: false }])
        }
        loadChildren={loadChildren}
        search={source.search !== false}
        disabled={disabled}
        testId={`tree-${field.src}`}
      />
    </div>
  );
}
