import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableValueArray } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { formatDate, formatTime, type IhubMessage, type IhubStatus } from '@p2p/domain';
import { showToast } from '../../../lib/toasts.ts';
import {
  useExportIhub,
  useIhubAction,
  useIhubList,
  useIhubStatus,
  type IhubKind,
} from '../api/ihub-messages.ts';
import { ErpImportButton } from './ErpImportButton.tsx';
import { ItemUnspscPanel } from './ItemUnspscPanel.tsx';
import { ResendDialog } from './ResendDialog.tsx';
import { UnspscPanel } from './UnspscPanel.tsx';

const MODELS = ['all', 'order', 'requisition', 'contract', 'reception'];
const STATUSES: IhubStatus[] = ['queued', 'running', 'done', 'failed', 'dead', 'cancelled'];
const SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'danger' | undefined> = {
  done: 'success',
  queued: 'info',
  running: 'info',
  failed: 'danger',
  dead: 'danger',
  cancelled: 'warning',
};

interface ErrorInfo {
  message?: string;
  details?: Array<{ field: string | null; line: { pos: number } | null; message: string }>;
}

/**
 * The integration monitor (seed 000 section 7, /ihub): the ERP messages of the tenant as a log
 * (every message) or as tracking (the latest per document), filtered by model and status, exported
 * to xlsx, with the operator's actions retry, cancel and correct-and-resend and an import from
 * the ERP on demand; below, the UNSPSC
 * codes' mapping to ERP material groups and (administrators) the import of the code set.
 */
export function IhubMonitorPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<IhubKind>('log');
  const [model, setModel] = useState('all');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | DataTableValueArray | undefined>(
    undefined,
  );
  const [resend, setResend] = useState<string | null>(null);
  const size = 30;
  const list = useIhubList({ kind, model, status, page, size });
  const info = useIhubStatus();
  const act = useIhubAction();
  const exporter = useExportIhub();

  const run = (id: string, action: 'retry' | 'cancel') =>
    act.mutate(
      { id, action },
      {
        onSuccess: () => showToast({ severity: 'success', detail: t(`ihub.done.${action}`) }),
        onError: (err) => showToast({ severity: 'error', detail: err.message }),
      },
    );

  const errorText = (m: IhubMessage) => {
    const e = m.error as ErrorInfo | null;
    return e?.details?.length
      ? e.details
          .map((d) => (d.line ? `${t('ihub.line', { pos: d.line.pos })}: ${d.message}` : d.message))
          .join('; ')
      : (e?.message ?? '');
  };

  return (
    <div className="page ihub-page" data-testid="ihub-page">
      <div className="page-header">
        <h1>{t('ihub.title')}</h1>
        <div className="page-actions">
          <ErpImportButton />
          <Button
            type="button"
            icon="pi pi-file-excel"
            label={t('ihub.export')}
            severity="secondary"
            outlined
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(
                { kind, model, status },
                { onError: (err) => showToast({ severity: 'error', detail: err.message }) },
              )
            }
            data-testid="ihub-export"
          />
        </div>
      </div>
      {info.data && (
        <p className="ihub-mode" data-testid="ihub-mode">
          {t(`ihub.mode.${info.data.mode}`)}
          {info.data.target ? ` — ${info.data.target}` : ''}
        </p>
      )}
      <div
        className="ihub-filters"
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '0.75rem' }}
      >
        <SelectButton
          value={kind}
          options={[
            { label: t('ihub.log'), value: 'log' },
            { label: t('ihub.tracking'), value: 'tracking' },
          ]}
          onChange={(e) => e.value && (setKind(e.value as IhubKind), setPage(1))}
          allowEmpty={false}
        />
        <Dropdown
          value={model}
          options={MODELS.map((m) => ({ label: t(`ihub.models.${m}`), value: m }))}
          onChange={(e) => (setModel(e.value as string), setPage(1))}
          aria-label={t('ihub.model')}
          data-testid="ihub-model"
        />
        <Dropdown
          value={status}
          options={[
            { label: t('ihub.anyStatus'), value: null },
            ...STATUSES.map((s) => ({ label: t(`ihub.status.${s}`), value: s })),
          ]}
          onChange={(e) => (setStatus(e.value as string | null), setPage(1))}
          // 'any status' is the null option, which the dropdown shows as its placeholder
          placeholder={t('ihub.anyStatus')}
          aria-label={t('ihub.statusFilter')}
          data-testid="ihub-status"
        />
      </div>
      <DataTable
        value={list.data?.items ?? []}
        dataKey="_id"
        loading={list.isLoading}
        lazy
        paginator
        rows={size}
        first={(page - 1) * size}
        totalRecords={list.data?.options.count ?? 0}
        onPage={(e) => setPage(Math.floor(e.first / size) + 1)}
        expandedRows={expanded}
        onRowToggle={(e) => setExpanded(e.data)}
        rowExpansionTemplate={(m: IhubMessage) => (
          <pre className="ihub-detail" data-testid="ihub-detail">
            {JSON.stringify({ error: m.error, answer: m.answer }, null, 2)}
          </pre>
        )}
        emptyMessage={t('ihub.empty')}
        data-testid="ihub-table"
        size="small"
      >
        <Column expander style={{ width: '3rem' }} />
        <Column field="_id" header={t('ihub.columns.id')} />
        <Column
          field="direction"
          header={t('ihub.columns.direction')}
          body={(m: IhubMessage) => t(`ihub.direction.${m.direction}`)}
        />
        <Column field="interface" header={t('ihub.columns.interface')} />
        <Column
          header={t('ihub.columns.document')}
          body={(m: IhubMessage) => (m.document ? (m.document.key ?? `#${m.document._id}`) : '')}
        />
        <Column
          header={t('ihub.columns.status')}
          body={(m: IhubMessage) => (
            <Tag
              value={t(`ihub.status.${m.status}`)}
              severity={SEVERITY[m.status]}
              data-testid="ihub-row-status"
            />
          )}
        />
        <Column field="attempts" header={t('ihub.columns.attempts')} />
        <Column field="erpKey" header={t('ihub.columns.erpKey')} />
        <Column header={t('ihub.columns.error')} body={errorText} />
        <Column
          header={t('ihub.columns.updated')}
          body={(m: IhubMessage) => `${formatDate(m.updatedAt)} ${formatTime(m.updatedAt)}`}
        />
        <Column
          header={t('ihub.columns.actions')}
          body={(m: IhubMessage) => (
            <span style={{ display: 'flex', gap: '0.25rem' }}>
              {(m.status === 'dead' || m.status === 'cancelled') && (
                <>
                  <Button
                    type="button"
                    size="small"
                    label={t('ihub.retry')}
                    onClick={() => run(m._id, 'retry')}
                    data-testid="ihub-retry"
                  />
                  <Button
                    type="button"
                    size="small"
                    outlined
                    label={t('ihub.resend')}
                    onClick={() => setResend(m._id)}
                    data-testid="ihub-resend"
                  />
                </>
              )}
              {(m.status === 'queued' || m.status === 'dead' || m.status === 'failed') && (
                <Button
                  type="button"
                  size="small"
                  severity="danger"
                  text
                  label={t('ihub.cancel')}
                  onClick={() => run(m._id, 'cancel')}
                  data-testid="ihub-cancel"
                />
              )}
            </span>
          )}
        />
      </DataTable>
      <ResendDialog id={resend} onClose={() => setResend(null)} />
      <UnspscPanel />
      <ItemUnspscPanel />
    </div>
  );
}
