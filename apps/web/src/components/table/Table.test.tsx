import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { nextSort } from './use-table-state.ts';
import { Table } from './Table.tsx';

const fields = [
  { src: '_id', label: 'ID', type: 'number' },
  { src: 'name', label: 'Name', type: 'text' },
  { src: 'enabled', label: 'Enabled', type: 'enabled' },
];
const fetchMock = vi.fn<typeof fetch>();
const gets = () =>
  fetchMock.mock.calls
    .filter(([, i]) => (i?.method ?? 'GET') === 'GET')
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') return jsonResponse({ ok: true });
    const p = Number(new URL(String(input), 'http://x').searchParams.get('p'));
    return jsonResponse({
      items: [{ _id: String(p * 100), name: `row ${p}`, enabled: true, _flag: p === 1 ? 'warn' : undefined }],
      options: { count: 95, page: p, pagesize: 30 },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const flush = async (ms = 0) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('nextSort', () => {
  it('sorts a new column ascending and toggles the sorted one with a leading minus', () => {
    expect(nextSort('-_id', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('-_id', '_id')).toBe('_id');
  });
});

describe('Table (server data)', () => {
  it('asks page 1, size 30, sort -_id; debounces sort clicks 500 ms; a new column resets to page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<Table fields={fields} data="/purchasing/order" />);
    await flush();
    expect(gets()[0]).toMatchObject({ p: '1', l: '30', s: '-_id', c: '1' });
    expect(screen.getByTestId('table-count').textContent).toBe('95 records');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 4');
    expect(screen.getByTestId('sort-_id').closest('th')!.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('page-next'));
    await flush();
    expect(gets().at(-1)).toMatchObject({ p: '2' });

    const before = gets().length;
    fireEvent.click(screen.getByTestId('sort-name'));
    await flush(499);
    expect(gets().length).toBe(before);
    fireEvent.click(screen.getByTestId('sort-name')); // again within 500 ms: toggles to descending
    await flush(499);
    expect(gets().length).toBe(before);
    await flush(1);
    expect(gets().at(-1)).toMatchObject({ s: '-name', p: '1' });
    expect(gets().length).toBe(before + 1);
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('sort-name'));
    await flush(500);
    expect(gets().at(-1)).toMatchObject({ s: 'name', p: '1' });
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('ascending');
  });

  it('throttles paging buttons to one accepted click per 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<Table fields={fields} data="/purchasing/order" />);
    await flush();
    fireEvent.click(screen.getByTestId('page-next'));
    await flush();
    fireEvent.click(screen.getByTestId('page-next')); // within 500 ms: ignored
    await flush();
    expect(screen.getByTestId('table-page').textContent).toBe('Page 2 of 4');
    await flush(500);
    fireEvent.click(screen.getByTestId('page-next'));
    await flush();
    expect(screen.getByTestId('table-page').textContent).toBe('Page 3 of 4');
    expect(gets().map((q) => q.p)).toEqual(['1', '2', '3']);
  });

  it('shows row flags, toggles the enabled column through PUT {dataUrl}/{id}/toggle-enabled', async () => {
    renderWithProviders(<Table fields={fields} data="/purchasing/supplier" />);
    const row = await screen.findByTestId('table-row');
    expect(row.className).toContain('row--warn');
    expect(screen.getByTestId('row-flag').getAttribute('aria-label')).toBe('Warning');
    const toggle = screen.getByTestId('toggle-enabled-100').querySelector('input')!;
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(String(url)).toBe('/api/purchasing/supplier/100/toggle-enabled');
    expect(JSON.parse(String(init!.body))).toEqual({ value: false });
  });

  it('disables the enabled switch where canToggle says no', async () => {
    renderWithProviders(<Table fields={fields} data="/purchasing/supplier" canToggle={() => false} />);
    await screen.findByTestId('table-row');
    const toggle = screen.getByTestId('toggle-enabled-100').querySelector('input')!;
    expect(toggle.disabled).toBe(true);
    const puts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').length;
    const before = puts();
    fireEvent.click(toggle);
    expect(puts()).toBe(before);
  });
});

describe('Table (array data)', () => {
  it("shows 'No data' for an empty result", () => {
    renderWithProviders(<Table fields={fields} data={[]} />);
    expect(screen.getByTestId('table-empty').textContent).toBe('No data');
  });

  it('pages, sorts and searches rows on the client; expands detail rows; selects rows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const rows = Array.from({ length: 45 }, (_, i) => ({ _id: String(i + 1), name: `n${String(i + 1).padStart(2, '0')}`, enabled: false }));
    const onSelection = vi.fn();
    renderWithProviders(<Table fields={fields} data={rows} search selectable onSelectionChange={onSelection} rowDetail={(r) => <p>detail {String(r._id)}</p>} />);
    expect(screen.getAllByTestId('table-row')).toHaveLength(30);
    expect(screen.getAllByTestId('table-row')[0]!.getAttribute('data-id')).toBe('45');
    fireEvent.click(screen.getByTestId('page-next'));
    expect(screen.getAllByTestId('table-row')).toHaveLength(15);
    fireEvent.click(screen.getByTestId('sort-name'));
    await flush(500);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 2');
    expect(screen.getAllByTestId('table-row')[0]!.getAttribute('data-id')).toBe('1');
    fireEvent.click(screen.getAllByTestId('row-expand')[0]!);
    expect(screen.getByTestId('row-detail').textContent).toBe('detail 1');
    fireEvent.click(screen.getAllByTestId('row-select')[1]!);
    expect(onSelection).toHaveBeenLastCalledWith([rows[1]]);
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'n4' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-id'))).toEqual(['40', '41', '42', '43', '44', '45']);
  });
});
