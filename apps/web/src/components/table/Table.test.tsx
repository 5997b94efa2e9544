import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { setLanguage } from '../../lib/i18n.ts';
import { clientPage } from './client-page.ts';
import { nextSort, useTableState } from './use-table-state.ts';
import { Table, tablePaging, type TableProps } from './Table.tsx';
import type { Row, TableColumn } from './TableRow.tsx';

const fields: TableColumn[] = [
  { src: '_id', label: 'ID', type: 'number' },
  { src: 'name', label: 'Name', type: 'text' },
  { src: 'enabled', label: 'Enabled', type: 'enabled' },
];
const rows: Row[] = [
  { _id: '100', name: 'Alfa', enabled: true },
  { _id: '101', name: 'Beta', enabled: false },
];

function renderTable(over: Partial<TableProps> = {}) {
  const props: TableProps = {
    fields,
    rows,
    count: 95,
    paging: { page: 1, size: 30, sort: '-_id', q: '' },
    onPage: vi.fn(),
    onPageSize: vi.fn(),
    onSort: vi.fn(),
    ...over,
  };
  return { ...renderWithProviders(<Table {...props} />), props };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('nextSort', () => {
  it('sorts a new column ascending and toggles the sorted one with a leading minus', () => {
    expect(nextSort('-_id', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('-_id', '_id')).toBe('_id');
  });
});

describe('Table (data in, callbacks out)', () => {
  it('shows the rows, the count and the page it is given, and reports paging and sorting', () => {
    const onRowClick = vi.fn();
    const { props } = renderTable({ onRowClick });
    expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-id'))).toEqual(['100', '101']);
    expect(screen.getByTestId('table-count').textContent).toBe('95 records');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 4');
    expect(screen.getByTestId('sort-_id').closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('none');
    expect((screen.getByTestId('page-first') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('page-next'));
    fireEvent.click(screen.getByTestId('page-last'));
    expect(props.onPage).toHaveBeenNthCalledWith(1, 2);
    expect(props.onPage).toHaveBeenNthCalledWith(2, 4);
    fireEvent.change(screen.getByTestId('table-page-size'), { target: { value: '50' } });
    expect(props.onPageSize).toHaveBeenCalledWith(50);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(props.onSort).toHaveBeenCalledWith('name');
    fireEvent.click(screen.getByText('Beta'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('without a count shows the page only and offers the next page while pages are full', () => {
    const { unmount } = renderTable({ count: null, paging: { page: 3, size: 2, sort: '-_id', q: '' } });
    expect(screen.queryByTestId('table-count')).toBeNull();
    expect(screen.getByTestId('table-page').textContent).toBe('Page 3');
    expect((screen.getByTestId('page-next') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('page-last') as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderTable({ count: null, rows: rows.slice(0, 1), paging: { page: 3, size: 2, sort: '-_id', q: '' } });
    expect((screen.getByTestId('page-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a search box only with onSearch, and reports a changed text on submit or blur', () => {
    const { unmount } = renderTable();
    expect(screen.queryByTestId('table-search')).toBeNull();
    unmount();
    const onSearch = vi.fn();
    renderTable({ onSearch });
    const box = screen.getByTestId('table-search');
    fireEvent.blur(box);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: ' alfa ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalledWith('alfa');
  });

  it("reports the 'enabled' switch, and keeps it read-only where canToggle says no or nobody listens", () => {
    const onToggleEnabled = vi.fn();
    const { unmount } = renderTable({ onToggleEnabled, canToggle: (row) => row._id !== '101' });
    fireEvent.click(screen.getByTestId('toggle-enabled-100').querySelector('input')!);
    expect(onToggleEnabled).toHaveBeenCalledWith(rows[0], 'enabled', false);
    const refused = screen.getByTestId('toggle-enabled-101').querySelector('input')!;
    expect(refused.disabled).toBe(true);
    fireEvent.click(refused);
    expect(onToggleEnabled).toHaveBeenCalledTimes(1);
    unmount();
    renderTable();
    expect(screen.getByTestId('toggle-enabled-100').querySelector('input')!.disabled).toBe(true);
  });

  it("shows 'No data' for no rows, and the loading text while rows are fetched", () => {
    const { unmount } = renderTable({ rows: [], count: 0 });
    expect(screen.getByTestId('table-empty').textContent).toBe('No data');
    unmount();
    renderTable({ rows: [], count: null, loading: true });
    expect(screen.queryByTestId('table-empty')).toBeNull();
    expect(screen.getByTestId('table-loading').textContent).toBe('Loading…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('selects rows and expands detail rows', () => {
    const onSelectionChange = vi.fn();
    renderTable({ selectable: true, onSelectionChange, rowDetail: (r) => <p>detail {String(r._id)}</p> });
    fireEvent.click(screen.getAllByTestId('row-select')[1]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith([rows[1]]);
    fireEvent.click(screen.getByLabelText('Select all rows'));
    expect(onSelectionChange).toHaveBeenLastCalledWith([rows[0], rows[1]]);
    fireEvent.click(screen.getAllByTestId('row-expand')[0]!);
    expect(screen.getByTestId('row-detail').textContent).toBe('detail 100');
  });

  it('labels each value cell with its column and type, for the card layout of phones', async () => {
    renderTable({
      fields: [
        { src: 'name', label: { en: 'Name', pt: 'Nome' }, type: 'text' },
        { src: 'state', label: 'State', type: 'state' },
        { src: 'value', label: 'Total value', type: 'value' },
      ],
      rows: [{ _id: '100', name: 'Alfa', state: 'approval', value: '12.50' }],
    });
    const cells = within(screen.getByTestId('table-row')).getAllByRole('cell');
    expect(cells.map((c) => [c.getAttribute('data-label'), c.getAttribute('data-type')])).toEqual([
      ['Name', 'text'],
      ['State', 'state'],
      ['Total value', 'value'],
    ]);
    await act(() => setLanguage('pt'));
    expect(within(screen.getByTestId('table-row')).getAllByRole('cell')[0]!.getAttribute('data-label')).toBe(
      'Nome',
    );
  });
});

describe('Table row flags (row.flag.status)', () => {
  const flagged: Row[] = [
    { _id: '1', name: 'new one', flag: { status: 'new' } },
    { _id: '2', name: 'warned', flag: { status: 'warn' } },
    { _id: '3', name: 'failed', flag: { status: 'fail' } },
    { _id: '4', name: 'ignored', flag: { status: 'ignore' } },
    { _id: '5', name: 'plain' },
    { _id: '6', name: 'unknown status', flag: { status: 'other' } },
  ];
  const rowOf = (id: string) =>
    screen.getAllByTestId('table-row').find((r) => r.getAttribute('data-id') === id)!;

  it('shows an icon in the colour of each status, labelled for screen readers', () => {
    renderTable({ rows: flagged, count: flagged.length });
    expect(screen.getByText('Status flag').closest('th')).toBeTruthy();
    const labels = Object.fromEntries(
      ['1', '2', '3', '4'].map((id) => {
        const icon = within(rowOf(id)).getByTestId('row-flag');
        expect(icon.getAttribute('role')).toBe('img');
        expect(icon.getAttribute('title')).toBe(icon.getAttribute('aria-label'));
        expect(icon.className).toContain(`row-flag--${icon.getAttribute('data-flag')}`);
        return [id, icon.getAttribute('aria-label')];
      }),
    );
    expect(labels).toEqual({ '1': 'New', '2': 'Warning', '3': 'Failed', '4': 'Ignored' });
    expect(rowOf('2').className).toContain('row--warn');
    expect(rowOf('2').getAttribute('data-flag')).toBe('warn');
    expect(within(rowOf('5')).queryByTestId('row-flag')).toBeNull();
    expect(within(rowOf('6')).queryByTestId('row-flag')).toBeNull();
  });

  it('labels the flags in Portuguese', async () => {
    await act(() => setLanguage('pt'));
    renderTable({ rows: flagged.slice(0, 4), count: 4 });
    expect(screen.getAllByTestId('row-flag').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Novo',
      'Aviso',
      'Falhou',
      'Ignorado',
    ]);
  });

  it('has no flag column when no row carries a flag (a `_flag` key is not a flag)', () => {
    renderTable({ rows: [{ _id: '1', name: 'old shape', _flag: 'warn' }], count: 1 });
    expect(screen.queryByTestId('row-flag')).toBeNull();
    expect(screen.queryByText('Status flag')).toBeNull();
    expect(rowOf('1').className).not.toContain('row--warn');
  });
});

/** Rows held in memory: useTableState's paging and sorting over clientPage. */
function ClientTable({ data }: { data: Row[] }) {
  const state = useTableState();
  const page = clientPage(data, fields, state);
  return <Table fields={fields} rows={page.rows} count={page.count} {...tablePaging(state)} />;
}

describe('useTableState over rows in memory', () => {
  const data = Array.from({ length: 45 }, (_, i) => ({
    _id: String(i + 1),
    name: `n${String(i + 1).padStart(2, '0')}`,
  }));
  const flush = async (ms = 0) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  it('starts on page 1 of 30 sorted by -_id; debounces sort clicks 500 ms; a new column resets to page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<ClientTable data={data} />);
    expect(screen.getAllByTestId('table-row')).toHaveLength(30);
    expect(screen.getAllByTestId('table-row')[0]!.getAttribute('data-id')).toBe('45');
    fireEvent.click(screen.getByTestId('page-next'));
    expect(screen.getByTestId('table-page').textContent).toBe('Page 2 of 2');
    fireEvent.click(screen.getByTestId('sort-name'));
    await flush(499);
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByTestId('sort-name')); // again within 500 ms: toggles to descending
    await flush(499);
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('none');
    await flush(1);
    expect(screen.getByTestId('sort-name').closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 2');
    expect(screen.getAllByTestId('table-row')[0]!.getAttribute('data-id')).toBe('45');
    fireEvent.click(screen.getByTestId('sort-name'));
    await flush(500);
    expect(screen.getAllByTestId('table-row')[0]!.getAttribute('data-id')).toBe('1');
  });

  it('throttles paging buttons to one accepted click per 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<ClientTable data={[...data, ...data.map((r) => ({ ...r, _id: `x${r._id}` }))]} />);
    fireEvent.click(screen.getByTestId('page-next'));
    fireEvent.click(screen.getByTestId('page-next')); // within 500 ms: ignored
    expect(screen.getByTestId('table-page').textContent).toBe('Page 2 of 3');
    await flush(500);
    fireEvent.click(screen.getByTestId('page-next'));
    expect(screen.getByTestId('table-page').textContent).toBe('Page 3 of 3');
  });

  it('searches any shown column', () => {
    function Searchable() {
      const state = useTableState();
      const page = clientPage(data, fields, state);
      return <Table fields={fields} rows={page.rows} count={page.count} {...tablePaging(state)} />;
    }
    renderWithProviders(<Searchable />);
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'n4' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getAllByTestId('table-row').map((r) => r.getAttribute('data-id'))).toEqual([
      '45',
      '44',
      '43',
      '42',
      '41',
      '40',
    ]);
  });
});
