import './audit.css';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { formatDate, formatTime, type AuditEvent } from '@p2p/domain';
import {
  Table,
  tablePaging,
  useTableState,
  type Row,
  type TableColumn,
} from '../../../components/table/index.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useExportAuditEvents } from '../api/export-audit-events.ts';
import { useAuditEvents } from '../api/list-audit-events.ts';
import { filtersFromParams, filtersToParams, type AuditFilters } from '../filters.ts';
import { AuditChanges, changeSummary } from './AuditChanges.tsx';
import { AuditFiltersForm } from './AuditFiltersForm.tsx';

const eventOf = (row: Row) => row as unknown as AuditEvent;

/**
 * /audit (auditors and administrators; the route decides who): the audit trail, newest first,
 * filtered by the page address, each event's changed values in its detail row, and the CSV export
 * of the same filters.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const exporter = useExportAuditEvents();

  const exportCsv = () =>
    exporter.mutate(filters, {
      onSuccess: ({ truncated }) => {
        if (truncated) showToast({ severity: 'warn', detail: t('audit.truncated') });
      },
      onError: (err) =>
        showToast({ severity: 'error', detail: t('audit.exportFailed', { message: err.message }) }),
    });

  return (
    <div className="page audit-page" data-testid="audit-page">
      <div className="page-header">
        <h1>{t('audit.title')}</h1>
        <div className="page-actions">
          <Button
            type="button"
            icon="pi pi-download"
            label={t('audit.export')}
            severity="secondary"
            outlined
            loading={exporter.isPending}
            onClick={exportCsv}
            data-testid="audit-export"
          />
        </div>
      </div>
      <AuditFiltersForm value={filters} onApply={(next) => setParams(filtersToParams(next))} />
      {/* a new filter starts again on page 1 */}
      <AuditResults key={filtersToParams(filters).toString()} filters={filters} />
    </div>
  );
}

function AuditResults({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const state = useTableState();
  const events = useAuditEvents({ filters, page: state.page, size: state.size });
  const { onSearch: _box, ...paging } = tablePaging(state);
  const label = (group: 'entities' | 'actions', key: string) =>
    t(`audit.${group}.${key}`, { defaultValue: key });

  const fields: TableColumn[] = [
    {
      src: 'at',
      label: t('audit.at'),
      sortable: false,
      render: (row) => `${formatDate(eventOf(row).at)} ${formatTime(eventOf(row).at)}`,
    },
    {
      src: 'actor.username',
      label: t('audit.actor'),
      sortable: false,
      render: (row) => eventOf(row).actor.username ?? t('audit.system'),
    },
    { src: 'actor.address', label: t('audit.address'), type: 'text', sortable: false },
    {
      src: 'entity',
      label: t('audit.entity'),
      sortable: false,
      render: (row) => label('entities', eventOf(row).entity),
    },
    {
      src: 'entityId',
      label: t('audit.entityId'),
      sortable: false,
      render: (row) => {
        const e = eventOf(row);
        // a document may be purged since: the read view then says it was not found
        return e.entity === 'document' && e.model ? (
          <Link to={`/read/${e.model}/${e.entityId}`} onClick={(ev) => ev.stopPropagation()}>
            {e.entityId}
          </Link>
        ) : (
          e.entityId
        );
      },
    },
    { src: 'model', label: t('audit.model'), type: 'text', sortable: false },
    {
      src: 'action',
      label: t('audit.action'),
      sortable: false,
      render: (row) => label('actions', eventOf(row).action),
    },
    {
      src: 'changes',
      label: t('audit.changes'),
      sortable: false,
      render: (row) => changeSummary(eventOf(row)),
    },
  ];

  return (
    <Table
      testId="audit-table"
      fields={fields}
      rows={(events.data?.data ?? []) as unknown as Row[]}
      count={events.data?.count ?? null}
      loading={events.isFetching}
      {...paging}
      rowDetail={(row) => <AuditChanges event={eventOf(row)} />}
    />
  );
}
