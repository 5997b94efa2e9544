import type { OrgNode } from '../api/contract.ts';

/** Only company and plant nodes are selectable. */
export const isSelectableNode = (node: Pick<OrgNode, 'type'>): boolean =>
  node.type === 'company' || node.type === 'plant';

/**
 * Selecting a company node without children uses the node itself as the plant, otherwise its first
 * child; a plant is its own plant (seed 000 section 4, shell state).
 */
export function plantForSelection(node: OrgNode): OrgNode | null {
  if (!isSelectableNode(node)) return null;
  if (node.type === 'plant') return node;
  return node.children?.[0] ?? node;
}

/**
 * Every node that can be a document's plant, as {key, label} in tree order: plant nodes and
 * companies without children (selecting such a company uses the node itself as the plant). A
 * document stores the key; screens show the label.
 */
export function orgPlants(roots: readonly OrgNode[]): Array<{ key: string; label: string }> {
  const out: Array<{ key: string; label: string }> = [];
  const walk = (nodes: readonly OrgNode[]) => {
    for (const node of nodes) {
      const childless = !node.children?.length;
      if (node.type === 'plant' || (node.type === 'company' && childless))
        out.push({ key: node.key, label: node.label });
      walk(node.children ?? []);
    }
  };
  walk(roots);
  return out;
}

/** The chain of nodes from a root to the node with `key`, or [] when absent. */
export function findOrgPath(roots: readonly OrgNode[], key: string): OrgNode[] {
  for (const node of roots) {
    if (node.key === key) return [node];
    const below = findOrgPath(node.children ?? [], key);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Filter a tree by label, ignoring accents and case; ancestors of a match are kept. */
export function filterOrgTree(roots: readonly OrgNode[], text: string): OrgNode[] {
  const needle = foldText(text.trim());
  if (!needle) return [...roots];
  const out: OrgNode[] = [];
  for (const node of roots) {
    const children = filterOrgTree(node.children ?? [], text);
    if (foldText(node.label).includes(needle) || children.length) out.push({ ...node, children });
  }
  return out;
}

export const foldText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
