import '../reports.css';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import {
  clientPage,
  Table,
  tablePaging,
  useTableState,
  type TableColumn,
} from '../../../components/table/index.ts';
import { useReportingConfig } from '../api/get-reporting-config.ts';
import { useReports } from '../api/get-report.ts';

/** /query: the caller's reports and the shared ones, with New, View, Edit and Duplicate. */
export function ReportListPage({ listPath = '/query' }: { listPath?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const reports = useReports();
  const config = useReportingConfig(i18n.language);
  const state = useTableState({ sort: '' });
  const sourceLabel = (id: string | null) => config.data?.models.find((m) => m._id === id)?.label ?? id ?? '';
  const visLabel = (id: string | null) =>
    config.data?.visualizations.find((v) => v._id === id)?.text ?? id ?? '';
  const columns: TableColumn[] = [
    {
      src: 'name',
      label: t('reports.name'),
      type: 'text',
      render: (row) => (
        <Link to={`${listPath}/${String(row._id)}/view`} data-testid={`report-link-${String(row._id)}`}>
          {String(row.name)}
        </Link>
      ),
    },
    {
      src: 'model',
      label: t('reports.source'),
      type: 'text',
      render: (row) => sourceLabel(row.model as string | null),
    },
    {
      src: 'visualization',
      label: t('reports.visualization'),
      type: 'text',
      render: (row) => visLabel(row.visualization as string | null),
    },
    {
      src: 'type',
      label: t('reports.type'),
      type: 'text',
      render: (row) => (row.type === 'system-query' ? t('reports.systemQuery') : t('reports.userQuery')),
    },
  ];
  const rows = (reports.data?.items ?? []) as unknown as Array<Record<string, unknown>>;
  const page = clientPage(rows, columns, state);
  return (
    <div className="page report-list" data-testid="report-list">
      <div className="report-builder__header">
        <h1 className="report-builder__title">{t('reports.title')}</h1>
        <Button
          label={t('reports.newReport')}
          icon="pi pi-plus"
          onClick={() => void navigate(`${listPath}/create`)}
          data-testid="report-new"
        />
      </div>
      <Table
        fields={columns}
        rows={page.rows}
        count={page.count}
        loading={reports.isLoading}
        {...tablePaging(state)}
        rowActions={(row) => (
          <span className="report-list__actions">
            <Button
              icon="pi pi-pencil"
              text
              rounded
              aria-label={t('reports.edit')}
              onClick={() => void navigate(`${listPath}/${String(row._id)}`)}
              data-testid={`report-edit-${String(row._id)}`}
            />
            <Button
              icon="pi pi-copy"
              text
              rounded
              aria-label={t('reports.duplicate')}
              onClick={() =>
                void navigate(`${listPath}/duplicate?from=${encodeURIComponent(String(row._id))}`)
              }
              data-testid={`report-duplicate-${String(row._id)}`}
            />
          </span>
        )}
        testId="report-list-table"
      />
    </div>
  );
}
