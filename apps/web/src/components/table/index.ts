export { Table, ROW_FLAGS, PAGE_SIZES, type Row, type RowFlag, type TableColumn, type TableProps, type TableAnswer } from './Table.tsx';
export { nextSort, sortColumn, isDescending, useTableState } from './use-table-state.ts';
