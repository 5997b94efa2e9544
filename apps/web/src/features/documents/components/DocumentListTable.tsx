import type { ReactNode } from 'react';
import { Table, tablePaging, useUrlTableState, type Row } from '../../../components/table/index.ts';
import type { FieldContext } from '../../../components/fields/index.ts';
import { useDocuments } from '../api/list-documents.ts';
import { useToggleEnabled } from '../api/toggle-enabled.ts';
import type { ModelConfig } from '../api/types.ts';

export interface DocumentListTableProps {
  model: string;
  config: ModelConfig;
  trash: boolean;
  filters: Record<string, string>;
  ctx: FieldContext;
  /** whether the user may use a row's 'enabled' switch */
  canToggle?: (row: Row, src: string) => boolean;
  onToggleError: (err: unknown) => void;
  onRowClick?: (row: Row) => void;
  rowActions?: (row: Row) => ReactNode;
}

const numberOr = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const textOr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The rows of a model's list (or trash): paging, sort and search state in the url (page 1, the
 * model's page size and sort, default 30 and '-_id'), the list query and the 'enabled' switches.
 */
export function DocumentListTable({ model, config, trash, filters, ctx, ...props }: DocumentListTableProps) {
  const options = config.list.options;
  // page, size, sort and search live in the page url: Back and a shared link return to the same place
  const state = useUrlTableState({ size: numberOr(options.pageSize), sort: textOr(options.sort) });
  const list = useDocuments({
    model,
    trash,
    page: state.page,
    size: state.size,
    sort: state.sort,
    q: state.q,
    filters,
    count: options.count !== false,
  });
  const toggle = useToggleEnabled(model);
  return (
    <>
      {list.error && (
        <p className="p-error" role="alert" data-testid="list-error">
          {list.error.message}
        </p>
      )}
      <Table
        testId={trash ? 'trash-table' : 'list-table'}
        fields={[...config.list.fields]}
        rows={list.data?.items ?? []}
        count={list.data?.options.count ?? null}
        loading={list.isFetching}
        {...tablePaging(state)}
        ctx={ctx}
        onToggleEnabled={
          trash
            ? undefined
            : (row, src, value) =>
                toggle.mutate(
                  { id: String(row._id), src, value },
                  { onError: (err) => props.onToggleError(err) },
                )
        }
        canToggle={props.canToggle}
        onRowClick={props.onRowClick}
        rowActions={props.rowActions}
      />
    </>
  );
}
