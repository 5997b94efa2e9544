import { foldText } from '@p2p/domain';

/** A tree node of seed 001 section 3: key, _id, label, children, leaf, selectable, icon, style, type. */
export interface TreeItem {
  key: string;
  _id?: string;
  label: string;
  /** undefined: not loaded yet (lazy); [] after loading: a leaf */
  children?: TreeItem[];
  leaf?: boolean;
  selectable?: boolean;
  icon?: string;
  style?: Record<string, string>;
  type?: string;
  data?: unknown;
}

export interface CheckState {
  checked: boolean;
  partialChecked: boolean;
}
/** Checkbox selection keys: a node missing from the map is unchecked. */
export type CheckKeys = Record<string, CheckState>;

export const isLeaf = (n: TreeItem): boolean =>
  n.leaf === true || (Array.isArray(n.children) && !n.children.length);
/** A node whose children still have to be asked for ({childrenUrl}/{nodeId}). */
export const needsLoad = (n: TreeItem): boolean => n.leaf !== true && n.children === undefined;

function descendants(n: TreeItem, into: string[] = []): string[] {
  for (const c of n.children ?? []) {
    into.push(c.key);
    descendants(c, into);
  }
  return into;
}

/** The path of keys from a root down to the node with `key` (empty when absent). */
export function pathTo(nodes: readonly TreeItem[], key: string): TreeItem[] {
  for (const n of nodes) {
    if (n.key === key) return [n];
    const below = pathTo(n.children ?? [], key);
    if (below.length) return [n, ...below];
  }
  return [];
}

/** A parent's state from its children: all checked, some (or partial), or none. */
function fromChildren(n: TreeItem, keys: CheckKeys): CheckState | null {
  const kids = n.children ?? [];
  if (!kids.length) return keys[n.key] ?? null;
  const all = kids.every((c) => keys[c.key]?.checked);
  const some = kids.some((c) => keys[c.key]?.checked || keys[c.key]?.partialChecked);
  if (all) return { checked: true, partialChecked: false };
  if (some) return { checked: false, partialChecked: true };
  return null;
}

/**
 * Checks or unchecks a node: its loaded descendants follow it, then every ancestor is recomputed
 * from its children (checked when all are, partially checked when some are).
 */
export function toggleCheck(
  nodes: readonly TreeItem[],
  keys: CheckKeys,
  key: string,
  checked: boolean,
): CheckKeys {
  const path = pathTo(nodes, key);
  const node = path[path.length - 1];
  if (!node) return keys;
  const next: CheckKeys = { ...keys };
  for (const k of [node.key, ...descendants(node)]) {
    if (checked) next[k] = { checked: true, partialChecked: false };
    else delete next[k];
  }
  for (const ancestor of path.slice(0, -1).reverse()) {
    const state = fromChildren(ancestor, next);
    if (state) next[ancestor.key] = state;
    else delete next[ancestor.key];
  }
  return next;
}

/** Children loaded for a checked parent are checked too (the parent stood for all of them). */
export function inheritCheck(parent: TreeItem, children: readonly TreeItem[], keys: CheckKeys): CheckKeys {
  if (!keys[parent.key]?.checked) return keys;
  const next = { ...keys };
  for (const c of children) next[c.key] = { checked: true, partialChecked: false };
  return next;
}

/** Puts the loaded children under the node; an empty answer makes it a leaf. */
export function withChildren(nodes: readonly TreeItem[], key: string, children: TreeItem[]): TreeItem[] {
  return nodes.map((n) => {
    if (n.key === key) return children.length ? { ...n, children } : { ...n, children: [], leaf: true };
    return n.children ? { ...n, children: withChildren(n.children, key, children) } : n;
  });
}

/**
 * The nodes whose label matches the text (case and accents ignored) with their ancestors; a parent
 * that matches keeps all its children. Empty text filters nothing.
 */
export function filterTree(nodes: readonly TreeItem[], text: string): TreeItem[] {
  const needle = foldText(text.trim());
  if (!needle) return [...nodes];
  const out: TreeItem[] = [];
  for (const n of nodes) {
    if (foldText(n.label).includes(needle)) out.push(n);
    else {
      const kids = filterTree(n.children ?? [], text);
      if (kids.length) out.push({ ...n, children: kids });
    }
  }
  return out;
}

/** Keys of every node that has loaded children (to open a filtered tree). */
export function parentKeys(nodes: readonly TreeItem[], into: Set<string> = new Set()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) {
      into.add(n.key);
      parentKeys(n.children, into);
    }
  }
  return into;
}

/** A server answer as tree items: a list or {items}; `key` falls back to `_id`. */
export function toTreeItems(answer: unknown): TreeItem[] {
  const list = Array.isArray(answer) ? answer : ((answer as { items?: unknown[] } | null)?.items ?? []);
  return list.flatMap((raw): TreeItem[] => {
    if (!raw || typeof raw !== 'object') return [];
    const o = raw as Partial<TreeItem> & { name?: string; children?: unknown };
    const key = String(o.key ?? o._id ?? '');
    if (!key) return [];
    return [
      {
        ...o,
        key,
        label: String(o.label ?? o.name ?? key),
        children: Array.isArray(o.children) ? toTreeItems(o.children) : undefined,
      } as TreeItem,
    ];
  });
}
