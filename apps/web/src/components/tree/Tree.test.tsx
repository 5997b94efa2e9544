import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { Tree } from './Tree.tsx';
import { filterTree, toggleCheck, withChildren, type CheckKeys, type TreeItem } from './tree-model.ts';

const NODES: TreeItem[] = [
  {
    key: 'pt',
    label: 'Portugal',
    children: [
      { key: 'lis', label: 'Lisboa Fábrica', children: [] },
      { key: 'obi', label: 'Óbidos', children: [] },
    ],
  },
  { key: 'es', label: 'España', children: [{ key: 'mad', label: 'Madrid Plant', children: [] }] },
];

describe('tree model', () => {
  it('checks down to the children and up to the parents, both ways', () => {
    let keys = toggleCheck(NODES, {}, 'lis', true);
    expect(keys.pt).toEqual({ checked: false, partialChecked: true });
    keys = toggleCheck(NODES, keys, 'obi', true);
    expect(keys.pt).toEqual({ checked: true, partialChecked: false });
    keys = toggleCheck(NODES, keys, 'pt', false);
    expect(keys).toEqual({});
    keys = toggleCheck(NODES, keys, 'es', true);
    expect(keys.mad?.checked).toBe(true);
    keys = toggleCheck(NODES, keys, 'mad', false);
    expect(keys.es).toBeUndefined();
  });
  it('searches ignoring case and accents; empty text filters nothing', () => {
    expect(filterTree(NODES, 'OBIDOS').map((n) => n.children?.map((c) => c.key))).toEqual([['obi']]);
    expect(filterTree(NODES, 'espana').map((n) => n.key)).toEqual(['es']);
    expect(filterTree(NODES, '   ')).toHaveLength(2);
  });
  it('an empty children answer makes a leaf', () => {
    expect(withChildren([{ key: 'a', label: 'A' }], 'a', [])[0]).toMatchObject({ leaf: true, children: [] });
  });
});

function Checkable({ onCheck }: { onCheck?: (k: CheckKeys) => void }) {
  const [keys, setKeys] = useState<CheckKeys>({});
  return (
    <Tree
      nodes={NODES}
      selectionMode="checkbox"
      search
      checkKeys={keys}
      onCheck={(k) => {
        setKeys(k);
        onCheck?.(k);
      }}
    />
  );
}

describe('Tree', () => {
  it('searches 300 ms after typing, at once on Enter, clears on Escape; No results', () => {
    vi.useFakeTimers();
    renderWithProviders(<Checkable />);
    const search = screen.getByTestId('tree-search');
    fireEvent.change(search, { target: { value: 'óbidos' } });
    expect(screen.getByText('España')).toBeTruthy();
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('España')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('España')).toBeNull();
    expect(screen.getByText('Óbidos')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('tree-empty').textContent).toBe('No results');
    fireEvent.keyDown(search, { key: 'Escape', keyCode: 27 });
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByText('España')).toBeTruthy();
  });
  it('checks with the keyboard (Enter) and shows partial checks on the parent', () => {
    const onCheck = vi.fn();
    renderWithProviders(<Checkable onCheck={onCheck} />);
    fireEvent.click(screen.getByTestId('tree-toggle-pt'));
    fireEvent.keyDown(screen.getByTestId('tree-node-lis'), { key: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('tree-node-pt').getAttribute('aria-checked')).toBe('mixed');
    expect(screen.getByTestId('tree-node-lis').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('tree-check-pt'));
    expect(screen.getByTestId('tree-check-obi').dataset.state).toBe('checked');
    expect(onCheck).toHaveBeenLastCalledWith(
      expect.objectContaining({ pt: { checked: true, partialChecked: false } }),
    );
  });
  it('single selection answers the node; unselectable nodes are skipped', () => {
    const onSelect = vi.fn();
    const nodes: TreeItem[] = [
      {
        key: 'c',
        label: 'Company',
        selectable: false,
        children: [{ key: 'p', label: 'Plant', children: [] }],
      },
    ];
    renderWithProviders(<Tree nodes={nodes} selectionMode="single" selectedKey={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByText('Company'));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('tree-node-c'), { key: 'ArrowRight' });
    fireEvent.click(screen.getByText('Plant'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: 'p' }));
  });
});
