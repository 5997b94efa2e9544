import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiErrorBody, ItemLookup, ItemUnspsc, UnspscCode, UnspscList } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { toastStore } from '../../../lib/toasts.ts';
import type { ItemPage } from '../api/item-unspsc.ts';
import { ItemUnspscPanel } from './ItemUnspscPanel.tsx';

/**
 * The panel against a fake of the server's answers, shaped as the real ones (unspsc-items.test.ts
 * and erp-unspsc.test.ts on the server): GET /reference/item, GET /unspsc, PUT
 * /ihub/items/{code}/unspsc (a code outside the code set: 400 unspsc.unknown-code).
 */
const CODES: UnspscCode[] = [
  { code: '31000000', title: 'Manufacturing Components and Supplies', level: 1, parent: null },
  { code: '31160000', title: 'Hardware', level: 2, parent: '31000000' },
  { code: '31161500', title: 'Screws', level: 3, parent: '31160000' },
  { code: '43211503', title: 'Notebook computers', level: 4, parent: '43211500' },
];

const item = (code: string, name: string, unspsc: string | null): ItemLookup => ({
  _id: code.replace(/\D/g, ''),
  key: code,
  code,
  label: name,
  name,
  uom: 'UN',
  materialGroup: 'HYDRAULICS',
  unspsc,
});

let items: ItemLookup[];
let puts: Array<{ code: string; body: unknown }>;

function stubServer() {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const put = url.pathname.match(/\/ihub\/items\/([^/]+)\/unspsc$/);
    if (put && init?.method === 'PUT') {
      const code = decodeURIComponent(put[1]!);
      const body = JSON.parse(String(init.body)) as { unspsc: string | null };
      puts.push({ code, body });
      const known = body.unspsc === null ? null : CODES.find((c) => c.code === body.unspsc);
      if (body.unspsc !== null && !known) {
        const message = 'Unknown UNSPSC code: pick a code of the code set.';
        const error: ApiErrorBody = {
          message,
          key: 'unspsc.unknown-code',
          _status: 400,
          data: { errors: [{ field: 'unspsc', message }] },
        };
        return jsonResponse(error, 400, 'Bad Request');
      }
      const target = items.find((i) => i.code === code)!;
      target.unspsc = body.unspsc;
      const answer: ItemUnspsc = {
        code,
        name: target.name,
        unspsc: body.unspsc,
        title: known?.title ?? null,
        materialGroup: target.materialGroup,
      };
      return jsonResponse(answer);
    }
    if (url.pathname.endsWith('/reference/item')) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('p') ?? 1);
      const size = Number(url.searchParams.get('l') ?? 10);
      const found = items.filter(
        (i) => !q || i.code.toLowerCase().startsWith(q) || i.name.toLowerCase().startsWith(q),
      );
      const answer: ItemPage = {
        items: found.slice((page - 1) * size, page * size),
        options: { count: found.length, page, pagesize: size },
      };
      return jsonResponse(answer);
    }
    if (url.pathname.endsWith('/unspsc/material-group')) {
      const code = url.searchParams.get('code')!;
      return jsonResponse({ code, materialGroup: code.startsWith('31') ? 'FASTENERS' : null });
    }
    if (url.pathname.endsWith('/unspsc')) {
      const parent = url.searchParams.get('parent');
      const q = url.searchParams.get('q')?.toLowerCase();
      const list: UnspscList = {
        items: q
          ? CODES.filter((c) => c.code.startsWith(q) || c.title.toLowerCase().includes(q))
          : CODES.filter((c) => c.parent === (parent ?? null)),
      };
      return jsonResponse(list);
    }
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  items = [
    item('MAT-1000', 'Hydraulic fitting 1/4"', '43211503'),
    ...Array.from({ length: 11 }, (_, i) => item(`MAT-${1001 + i}`, `Hex bolt M${6 + i}`, null)),
  ];
  puts = [];
  toastStore.set([]);
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (code: string) =>
  (await screen.findAllByTestId('item-unspsc-row')).find((r) => r.dataset.item === code)!;

describe('items and their UNSPSC codes', () => {
  it('lists a page of items with the code, its title and the material group, and pages on', async () => {
    stubServer();
    renderWithProviders(<ItemUnspscPanel />);
    const first = await rowOf('MAT-1000');
    expect(first.textContent).toContain('Hydraulic fitting 1/4"');
    expect(first.textContent).toContain('HYDRAULICS');
    await within(first).findByText(/Notebook computers/);
    expect(screen.getAllByTestId('item-unspsc-row')).toHaveLength(10);
    expect(screen.getByTestId('item-unspsc-page').textContent).toBe('Page 1 of 2 (12 items)');
    fireEvent.click(screen.getByRole('button', { name: 'Next page of items' }));
    await waitFor(() => expect(screen.getAllByTestId('item-unspsc-row')).toHaveLength(2));
    expect(screen.getByTestId('item-unspsc-page').textContent).toBe('Page 2 of 2 (12 items)');
  });

  it('searches, sets a code with the tree picker and saves it', async () => {
    stubServer();
    renderWithProviders(<ItemUnspscPanel />);
    await rowOf('MAT-1000');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search items by code or name' }), {
      target: { value: 'MAT-1003' },
    });
    // the server answers the exact code first
    await waitFor(() => expect(screen.getAllByTestId('item-unspsc-row')[0]!.dataset.item).toBe('MAT-1003'));
    fireEvent.click(screen.getByRole('button', { name: 'Set the UNSPSC code of MAT-1003' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick an UNSPSC code' }));
    fireEvent.click(await screen.findByTestId('tree-toggle-31000000'));
    fireEvent.click(await screen.findByTestId('tree-toggle-31160000'));
    fireEvent.click(await screen.findByText('31161500 Screws'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the UNSPSC code of MAT-1003' }));
    await waitFor(() => expect(puts).toEqual([{ code: 'MAT-1003', body: { unspsc: '31161500' } }]));
    const row = await rowOf('MAT-1003');
    await within(row).findByText(/Screws/);
    expect(toastStore.get().map((m) => m.detail)).toContain('UNSPSC code of MAT-1003 saved.');
  });

  it("clears a code, and shows the server's message when it refuses one", async () => {
    stubServer();
    renderWithProviders(<ItemUnspscPanel />);
    await rowOf('MAT-1000');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the UNSPSC code of MAT-1000' }));
    await waitFor(() => expect(puts).toEqual([{ code: 'MAT-1000', body: { unspsc: null } }]));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Clear the UNSPSC code of MAT-1000' }).hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(toastStore.get().map((m) => m.detail)).toContain('UNSPSC code of MAT-1000 cleared.');

    // a code typed by hand that the code set does not hold
    fireEvent.click(screen.getByRole('button', { name: 'Set the UNSPSC code of MAT-1001' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'UNSPSC code of MAT-1001' }), {
      target: { value: '99999999' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the UNSPSC code of MAT-1001' }));
    await waitFor(() =>
      expect(toastStore.get().map((m) => m.detail)).toContain(
        'Unknown UNSPSC code: pick a code of the code set.',
      ),
    );
    // still editing, nothing changed
    expect(screen.getByRole('textbox', { name: 'UNSPSC code of MAT-1001' })).toBeTruthy();
    expect(items.find((i) => i.code === 'MAT-1001')!.unspsc).toBeNull();
  });
});
