export { Table, tablePaging, type TablePaging, type TableProps } from './Table.tsx';
export { type Row, type TableColumn } from './TableRow.tsx';
export { ROW_FLAGS, rowFlag, RowFlagIcon, type RowFlag } from './row-flag.tsx';
export { PAGE_SIZES } from './TablePager.tsx';
export { clientPage, type ClientPaging } from './client-page.ts';
export { nextSort, sortColumn, isDescending, useTableState, type TableState } from './use-table-state.ts';
export { readUrlTableState, URL_TABLE_KEYS, useUrlTableState } from './use-url-table-state.ts';
