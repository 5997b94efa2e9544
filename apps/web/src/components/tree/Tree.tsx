import './tree.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { TREE_DELAY_MS, TREE_KEYS } from '@p2p/domain';
import {
  filterTree,
  inheritCheck,
  isLeaf,
  needsLoad,
  parentKeys,
  toggleCheck,
  withChildren,
  type CheckKeys,
  type TreeItem,
} from './tree-model.ts';

export interface TreeProps {
  nodes: readonly TreeItem[];
  /** single: one selectable node; checkbox: checked and partially checked nodes */
  selectionMode: 'single' | 'checkbox';
  selectedKey?: string | null;
  onSelect?: (node: TreeItem) => void;
  checkKeys?: CheckKeys;
  onCheck?: (keys: CheckKeys, nodes: TreeItem[]) => void;
  /** lazy children of a node ({childrenUrl}/{nodeId}); an empty list makes it a leaf */
  loadChildren?: (node: TreeItem) => Promise<TreeItem[]>;
  search?: boolean;
  /** a search text the host holds (its own input): applied as given, without the delay */
  query?: string;
  /** test id of the 'No results' text */
  emptyTestId?: string;
  disabled?: boolean;
  testId?: string;
  ariaLabel?: string;
}

const is = (e: KeyboardEvent, code: number, key: string) => e.keyCode === code || e.key === key;

/**
 * The expandable tree of seed 001 (sections 2.12, 4.2): lazy children, a search that ignores case and
 * accents (applied 300 ms after typing, at once on Enter, cleared with Escape), single or checkbox
 * selection whose checked and partially checked states propagate up and down.
 */
export function Tree(props: TreeProps) {
  const { t } = useTranslation();
  const { selectionMode, loadChildren, disabled } = props;
  const [nodes, setNodes] = useState<TreeItem[]>([...props.nodes]);
  const [given, setGiven] = useState(props.nodes);
  if (given !== props.nodes) {
    setGiven(props.nodes);
    setNodes([...props.nodes]);
  }
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState<Set<string>>(new Set());
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const keys = props.checkKeys ?? {};

  const filter = props.query ?? query;
  const shown = useMemo(() => filterTree(nodes, filter), [nodes, filter]);
  const open = useMemo(() => (filter.trim() ? parentKeys(shown) : expanded), [filter, shown, expanded]);

  const typeText = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQuery(value), TREE_DELAY_MS);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (is(e, TREE_KEYS.enter, 'Enter')) {
      e.preventDefault();
      clearTimeout(timer.current);
      setQuery(text);
    } else if (is(e, TREE_KEYS.escape, 'Escape')) {
      clearTimeout(timer.current);
      setText('');
      setQuery('');
    }
  };

  const expand = async (node: TreeItem) => {
    if (open.has(node.key)) {
      setExpanded((s) => new Set([...s].filter((k) => k !== node.key)));
      return;
    }
    setExpanded((s) => new Set(s).add(node.key));
    if (!needsLoad(node) || !loadChildren) return;
    setLoading((s) => new Set(s).add(node.key));
    try {
      const children = await loadChildren(node);
      setNodes((all) => withChildren(all, node.key, children));
      if (selectionMode === 'checkbox' && props.onCheck) {
        const next = inheritCheck(node, children, keys);
        if (next !== keys) props.onCheck(next, withChildren(nodes, node.key, children));
      }
    } catch {
      setNodes((all) => withChildren(all, node.key, []));
    } finally {
      setLoading((s) => new Set([...s].filter((k) => k !== node.key)));
    }
  };

  const choose = (node: TreeItem) => {
    if (disabled || node.selectable === false) return;
    if (selectionMode === 'single') props.onSelect?.(node);
    else props.onCheck?.(toggleCheck(nodes, keys, node.key, !keys[node.key]?.checked), nodes);
  };

  const onItemKey = (e: KeyboardEvent<HTMLDivElement>, node: TreeItem) => {
    if (is(e, TREE_KEYS.enter, 'Enter') || e.key === ' ') {
      e.preventDefault();
      choose(node);
    } else if (e.key === 'ArrowRight' && !isLeaf(node) && !open.has(node.key)) void expand(node);
    else if ((e.key === 'ArrowLeft' || is(e, TREE_KEYS.escape, 'Escape')) && open.has(node.key))
      void expand(node);
    // Tab (9) keeps its usual meaning: focus leaves the tree for the next control
  };

  const render = (list: readonly TreeItem[], level: number) =>
    list.map((node) => {
      const state = keys[node.key];
      const leaf = isLeaf(node);
      const isOpen = open.has(node.key);
      const selected = selectionMode === 'single' ? props.selectedKey === node.key : Boolean(state?.checked);
      return (
        <li key={node.key} role="none">
          <div
            role="treeitem"
            tabIndex={0}
            aria-level={level}
            aria-expanded={leaf ? undefined : isOpen}
            aria-selected={selectionMode === 'single' ? selected : undefined}
            aria-checked={
              selectionMode === 'checkbox' ? (state?.partialChecked ? 'mixed' : selected) : undefined
            }
            aria-disabled={disabled || node.selectable === false || undefined}
            className={`kit-tree__node${selected ? ' is-selected' : ''}`}
            style={node.style}
            data-key={node.key}
            data-testid={`tree-node-${node.key}`}
            onKeyDown={(e) => onItemKey(e, node)}
          >
            <button
              type="button"
              className="kit-tree__toggle"
              tabIndex={-1}
              aria-label={isOpen ? t('kit.tree.collapse') : t('kit.tree.expand')}
              style={{ visibility: leaf ? 'hidden' : 'visible' }}
              onClick={() => void expand(node)}
              data-testid={`tree-toggle-${node.key}`}
            >
              <i
                className={`pi ${loading.has(node.key) ? 'pi-spin pi-spinner' : isOpen ? 'pi-chevron-down' : 'pi-chevron-right'}`}
              />
            </button>
            {selectionMode === 'checkbox' && (
              <span
                className={`kit-tree__check${state?.checked ? ' is-checked' : state?.partialChecked ? ' is-partial' : ''}`}
                aria-hidden="true"
                data-state={state?.checked ? 'checked' : state?.partialChecked ? 'partial' : 'unchecked'}
                data-testid={`tree-check-${node.key}`}
                onClick={() => choose(node)}
              >
                <i
                  className={`pi ${state?.checked ? 'pi-check' : state?.partialChecked ? 'pi-minus' : ''}`}
                />
              </span>
            )}
            <span className="kit-tree__label" onClick={() => choose(node)}>
              {node.icon && <i className={node.icon} aria-hidden="true" />} {node.label}
            </span>
          </div>
          {!leaf && isOpen && node.children && node.children.length > 0 && (
            <ul role="group">{render(node.children, level + 1)}</ul>
          )}
        </li>
      );
    });

  return (
    <div className="kit-tree" data-testid={props.testId ?? 'tree'}>
      {props.search && (
        <input
          className="p-inputtext kit-tree__search"
          value={text}
          placeholder={t('kit.tree.search')}
          aria-label={t('kit.tree.search')}
          onChange={(e) => typeText(e.target.value)}
          onKeyDown={onSearchKey}
          data-testid="tree-search"
        />
      )}
      {shown.length === 0 ? (
        <p className="muted" data-testid={props.emptyTestId ?? 'tree-empty'}>
          {t('common.noResults')}
        </p>
      ) : (
        <ul
          role="tree"
          aria-label={props.ariaLabel}
          aria-multiselectable={selectionMode === 'checkbox' || undefined}
        >
          {render(shown, 1)}
        </ul>
      )}
    </div>
  );
}
