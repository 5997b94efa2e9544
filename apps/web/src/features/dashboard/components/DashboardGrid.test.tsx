import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { LayoutItem } from '@p2p/domain';
import { DashboardGrid } from './DashboardGrid.tsx';

const tile = (i: number, x: number, y: number): LayoutItem => ({
  i,
  x,
  y,
  w: 4,
  h: 3,
  editable: true,
  widget: { component: 'v-query', componentId: String(i), params: {} },
});

/** The grid's own placement of each widget: react-grid-layout moves items by a CSS translate. */
const placed = () =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('.react-grid-item')].map((n) => [
      n.dataset.widget,
      /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(n.style.transform)?.slice(1).map(Number),
    ]),
  );

// jsdom lays nothing out: the grid measures its container through clientWidth, a wide screen here
const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
beforeEach(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
});
afterEach(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', clientWidth);
});

describe('the dashboard grid', () => {
  it('compacts vertically: a widget with empty rows above it rises to the top, keeping its column', async () => {
    // 2 floats four rows below the top at column 4; 3 stacks under 1
    render(
      <DashboardGrid
        items={[tile(1, 0, 0), tile(2, 4, 4), tile(3, 0, 9)]}
        editing
        onMove={() => undefined}
        renderItem={(item) => <p>{`widget ${item.i}`}</p>}
      />,
    );
    await screen.findByText('widget 2');
    const nodes = [...document.querySelectorAll<HTMLElement>('.react-grid-item')];
    nodes.forEach((n) => (n.dataset.widget = n.textContent ?? ''));
    const at = placed();
    const row = 60 + 15; // row height and vertical margin
    // vertical compaction: 2 at the top row in its own column, 3 right under 1
    expect(at['widget 2']![1]).toBe(at['widget 1']![1]);
    expect(at['widget 2']![0]).toBeGreaterThan(at['widget 1']![0]!);
    expect(at['widget 3']![0]).toBe(at['widget 1']![0]);
    expect(at['widget 3']![1]! - at['widget 1']![1]!).toBe(3 * row);
  });
});
