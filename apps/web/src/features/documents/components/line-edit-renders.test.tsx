/**
 * Editing one line of a long order re-renders that line only (issue 11, 'Lists and lines at speed'):
 * the rows are memoised, so every prop the form hands them must stay the same object between edits.
 * A new function in the field context per render (as `setValue` once was) re-rendered every row
 * in view and took the re-total of a 2,000-line order from 9 ms to 80 ms.
 */
import { createElement, memo, type ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ModelConfigResponse } from '@p2p/domain';
import { resetSession, startSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, orderConfig, orderLines, storedOrder } from '../test/order-fixtures.ts';
import { DocumentFormPage } from './pages.tsx';

const rendered: number[] = [];
vi.mock('../../../components/fields/LineRow.tsx', async (load) => {
  const real = await load<typeof import('../../../components/fields/LineRow.tsx')>();
  const inner = (real.LineRow as unknown as { type: (p: ComponentProps<typeof real.LineRow>) => unknown })
    .type;
  // the same memo as the real row, counting the renders that get past it
  const LineRow = memo((props: ComponentProps<typeof real.LineRow>) => {
    rendered.push(props.index);
    return createElement(inner as never, props);
  });
  return { ...real, LineRow };
});

const config: ModelConfigResponse = {
  ...orderConfig,
  form: {
    options: { editStart: false },
    fields: [
      { src: 'description', label: 'Description', type: 'text' },
      {
        src: 'lines',
        label: 'Lines',
        type: 'lines',
        items: [
          { src: 'pos', label: 'Pos.', type: 'number' },
          { src: 'description', label: 'Description', type: 'text' },
          { src: 'quantity', label: 'Quantity', type: 'number' },
          { src: 'price', label: 'Price', type: 'number' },
          { src: 'value', label: 'Value', type: 'number', native: true, readonly: true },
        ],
      },
    ],
    groups: [{ key: 'general', label: 'General', fields: ['description', 'lines'] }],
  },
};

const lines = orderLines(500);

let server: MockServer;
beforeEach(() => {
  resetSession(null);
  startSession('tok', buyer());
  server = mockServer(config, storedOrder('created', { lines }));
  server.extra = (url) =>
    url.pathname === '/api/profile/user/groups'
      ? jsonResponse({ groups: [], organization: [], options: [] })
      : undefined;
});

describe('editing a line of a long order', () => {
  it('re-renders the edited row only, and the total follows', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/order/:id/:action?" element={<DocumentFormPage model="order" path="/order" />} />
      </Routes>,
      { route: '/order/7/edit' },
    );
    const quantity = await screen.findByLabelText('Quantity, line 3');
    // let the form settle (after-paint work, the option lists) before counting
    await new Promise((r) => setTimeout(r, 300));
    const total = () => screen.getByTestId('total-value').textContent;
    const before = total();
    rendered.length = 0;
    fireEvent.change(quantity, { target: { value: '4' } });
    await waitFor(() => expect(total()).not.toBe(before));
    expect(new Set(rendered)).toEqual(new Set([2]));
    // and again: the second edit is as narrow as the first
    rendered.length = 0;
    fireEvent.change(screen.getByLabelText('Quantity, line 5'), { target: { value: '3' } });
    await waitFor(() => expect(new Set(rendered)).toEqual(new Set([4])));
    expect(server.calls('GET', '/api/purchasing/order/7')).toHaveLength(1);
  });
});
