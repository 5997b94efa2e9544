import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ReportResult } from '@p2p/domain';
import {
  clientPage,
  Table,
  tablePaging,
  useTableState,
  type TableColumn,
} from '../../../components/table/index.ts';
import { displayValue } from '../result-chart.ts';

type Item = ReportResult['items'][number];

export interface ResultTableProps {
  result: ReportResult;
  /** a row was clicked: the documents behind it */
  onRowDrill?: (item: Item) => void;
  /** a header action (the downloads) */
  header?: React.ReactNode;
}

/** The data table of a report (seed 001 section 2.9): paged and sorted in memory, rows drill down. */
export function ResultTable({ result, onRowDrill, header }: ResultTableProps) {
  const { t } = useTranslation();
  const yesNo: [string, string] = [t('reports.yes'), t('reports.no')];
  const state = useTableState({ size: result.tableOptions.pageSize || 30, sort: '' });
  const columns: TableColumn[] = useMemo(
    () =>
      result.fields.map((f) => ({
        src: f.src,
        label: f.label,
        type: f.dataType === 'number' && f.role !== 'group' ? 'number' : 'text',
        right: f.dataType === 'number' && f.role !== 'group',
        render: (row) => {
          const text = displayValue(f, row[f.src], yesNo);
          return row._total && f.role === 'group' ? '' : text;
        },
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.fields, yesNo[0]],
  );
  const rows = useMemo(() => result.items.map((item, i) => ({ ...item, _row: i })), [result.items]);
  const page = clientPage(rows, columns, state, result.tableOptions.paging);
  return (
    <Table
      fields={columns.map((c, i) =>
        i === 0 ? { ...c, render: (row) => (row._total ? t('reports.total') : c.render!(row)) } : c,
      )}
      rows={page.rows}
      count={page.count}
      {...tablePaging(state)}
      onSearch={undefined}
      paginate={result.tableOptions.paging}
      rowKey="_row"
      header={header}
      onRowClick={onRowDrill ? (row) => onRowDrill(row as Item) : undefined}
      testId="report-table"
    />
  );
}
