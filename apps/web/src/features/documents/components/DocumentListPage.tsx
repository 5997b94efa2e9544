import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Table, type Row } from '../../../components/table/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { documentsUrl, purgeDocument, restoreDocument } from '../api/documents.ts';
import { canCreate, canDelete, canPurge, canToggle, hasAction } from '../permissions.ts';
import { FavoriteToggle } from '../../favorites/index.ts';
import { useModel } from './use-model.ts';

/** The generic list view of a model: page 1, size 30, sort '-_id'; a trash view with Restore and Purge. */
export function DocumentListPage({ model, path }: { model: string; path: string }) {
  const { t, user, config, base } = useModel(model);
  const navigate = useNavigate();
  const [trash, setTrash] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [purging, setPurging] = useState<Row | null>(null);

  if (config.isLoading) return <Loading />;
  if (!config.data) {
    return (
      <div className="page" data-testid="document-list-error">
        <p className="p-error">{t('documents.configError', { model })}</p>
      </div>
    );
  }
  const cfg = config.data;
  const options = cfg.list.options ?? {};
  const title = cfg.label ?? model;
  const to = (id: unknown) => `${path === '/' ? '' : path}/${String(id)}`;

  const restore = async (row: Row) => {
    try {
      await restoreDocument(model, String(row._id));
      showToast({ severity: 'success', detail: t('documents.restored') });
      setReloadKey((k) => k + 1);
    } catch (err) {
      showToast({ severity: 'error', detail: (err as Error).message });
    }
  };
  const purge = async (row: Row) => {
    setPurging(null);
    try {
      await purgeDocument(model, String(row._id));
      showToast({ severity: 'success', detail: t('documents.purged') });
      setReloadKey((k) => k + 1);
    } catch (err) {
      showToast({ severity: 'error', detail: (err as Error).message });
    }
  };

  return (
    <div className="page document-list" data-testid="document-list" data-model={model} data-trash={trash || undefined}>
      <div className="page-header">
        <h1 data-testid="list-title">
          {title}
          {trash && ` – ${t('documents.trash')}`}
        </h1>
        <div className="page-actions">
          {!trash && canCreate(user, cfg) && <Button label={t('documents.new')} icon="pi pi-plus" data-testid="list-new" onClick={() => navigate(to('new'))} />}
          {options.trash !== false && canDelete(user, cfg, {}) && (
            <Button
              label={trash ? t('documents.showList') : t('documents.trash')}
              icon={trash ? 'pi pi-list' : 'pi pi-trash'}
              severity="secondary"
              outlined
              data-testid="list-trash"
              aria-pressed={trash}
              onClick={() => setTrash((v) => !v)}
            />
          )}
        </div>
      </div>
      <Table
        key={trash ? 'trash' : 'list'}
        testId={trash ? 'trash-table' : 'list-table'}
        fields={cfg.list.fields}
        data={documentsUrl(model, trash)}
        pageSize={typeof options.pageSize === 'number' ? options.pageSize : undefined}
        sort={typeof options.sort === 'string' ? options.sort : undefined}
        search
        reloadKey={reloadKey}
        ctx={{ ...base, user }}
        canToggle={(row, src) => !trash && canToggle(user, cfg, row, src)}
        onToggleError={(err) => showToast({ severity: 'error', detail: (err as Error).message })}
        onRowClick={trash ? undefined : (row) => navigate(to(row._id))}
        rowActions={
          trash
            ? (row) => (
                <span className="row-actions">
                  <Button label={t('documents.restore')} icon="pi pi-replay" size="small" text data-testid="row-restore" onClick={() => void restore(row)} />
                  {canPurge(user) && <Button label={t('documents.purge')} icon="pi pi-times" size="small" text severity="danger" data-testid="row-purge" onClick={() => setPurging(row)} />}
                </span>
              )
            : hasAction(cfg, 'favorite')
              ? (row) => <FavoriteToggle model={model} id={String(row._id)} size="small" initial={typeof row._favorite === 'boolean' ? row._favorite : undefined} testId={`row-favorite-${String(row._id)}`} />
              : undefined
        }
      />
      <ConfirmDialog
        visible={Boolean(purging)}
        message={t('documents.purgeConfirm', { name: String(purging?.key ?? purging?._id ?? '') })}
        onAccept={() => purging && void purge(purging)}
        onCancel={() => setPurging(null)}
      />
    </div>
  );
}
