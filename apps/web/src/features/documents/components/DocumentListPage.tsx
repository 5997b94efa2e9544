import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { labelText } from '@p2p/domain';
import { fieldLabel } from '../../../components/fields/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import type { Row } from '../../../components/table/index.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useTrashDocument } from '../api/trash-document.ts';
import { useModel } from '../hooks/use-model.ts';
import { listFilters, routeFilter } from '../list-filters.ts';
import { canCreate, canPurge, canToggle, canUseTrash, hasAction } from '../permissions.ts';
import type { FavoriteSlot } from '../slots.ts';
import { DocumentListTable } from './DocumentListTable.tsx';

export interface DocumentListPageProps {
  model: string;
  /** the list route ('/order'); a document opens at {path}/{id} */
  path: string;
  /** the route's meta (server configuration): its `filter` names the list's filters, the url adds to them */
  meta?: Readonly<Record<string, unknown>>;
  /** the favorites star of a row, when the route module gives one */
  favorite?: FavoriteSlot;
}

/** The generic list view of a model: page 1, size 30, sort '-_id'; a trash view with Restore and Purge. */
export function DocumentListPage({ model, path, meta, favorite: Favorite }: DocumentListPageProps) {
  const { t, user, config, base, lang } = useModel(model);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [trash, setTrash] = useState(false);
  const [purging, setPurging] = useState<Row | null>(null);
  const restore = useTrashDocument(model, 'restore');
  const purge = useTrashDocument(model, 'purge');

  if (config.isLoading) return <Loading />;
  if (!config.data) {
    return (
      <div className="page" data-testid="document-list-error">
        <p className="p-error">{t('documents.configError', { model })}</p>
      </div>
    );
  }
  const cfg = config.data;
  const title = labelText(cfg.label, lang) || model;
  const to = (id: unknown) => `${path === '/' ? '' : path}/${String(id)}`;
  // the route's filters narrow the list; the trash lists every deleted document of the model
  const filters = trash ? {} : listFilters(routeFilter(meta), search);
  const filterText = Object.entries(filters)
    .map(([src, value]) => {
      // a named filter of the server (evaluation=due) has a text of its own
      const named = t(`documents.namedFilters.${src}.${value}`, { defaultValue: '' });
      if (named) return named;
      const field = [...cfg.list.fields, ...cfg.form.fields].find(
        (f) => f.src === (src === 'state' ? '_state.current' : src),
      );
      return `${field ? fieldLabel(field, lang) : src}: ${value}`;
    })
    .join(', ');
  const failed = (err: unknown) => showToast({ severity: 'error', detail: (err as Error).message });

  const onRestore = (row: Row) =>
    restore.mutate(String(row._id), {
      onSuccess: () => showToast({ severity: 'success', detail: t('documents.restored') }),
      onError: failed,
    });
  const onPurge = (row: Row) => {
    setPurging(null);
    purge.mutate(String(row._id), {
      onSuccess: () => showToast({ severity: 'success', detail: t('documents.purged') }),
      onError: failed,
    });
  };

  const trashActions = (row: Row) => (
    <span className="row-actions">
      <Button
        label={t('documents.restore')}
        icon="pi pi-replay"
        size="small"
        text
        data-testid="row-restore"
        onClick={() => onRestore(row)}
      />
      {canPurge(user) && (
        <Button
          label={t('documents.purge')}
          icon="pi pi-times"
          size="small"
          text
          severity="danger"
          data-testid="row-purge"
          onClick={() => setPurging(row)}
        />
      )}
    </span>
  );
  const favoriteAction =
    Favorite && hasAction(cfg, 'favorite')
      ? (row: Row) => (
          <Favorite
            model={model}
            id={String(row._id)}
            size="small"
            testId={`row-favorite-${String(row._id)}`}
          />
        )
      : undefined;

  return (
    <div
      className="page document-list"
      data-testid="document-list"
      data-model={model}
      data-trash={trash || undefined}
    >
      <div className="page-header">
        <h1 data-testid="list-title">
          {title}
          {trash && ` – ${t('documents.trash')}`}
        </h1>
        <div className="page-actions">
          {!trash && canCreate(user, cfg) && (
            <Button
              label={t('documents.new')}
              icon="pi pi-plus"
              data-testid="list-new"
              onClick={() => navigate(to('new'))}
            />
          )}
          {cfg.list.options.trash !== false && canUseTrash(user, cfg) && (
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
      {filterText && (
        <p className="muted" data-testid="list-filters">
          {t('documents.filteredBy', { filters: filterText })}
        </p>
      )}
      <DocumentListTable
        // another filter (a link of the navigation) starts again on page 1
        key={trash ? 'trash' : `list?${new URLSearchParams(filters).toString()}`}
        model={model}
        config={cfg}
        trash={trash}
        filters={filters}
        ctx={{ ...base, user }}
        canToggle={(row, src) => canToggle(user, cfg, row, src)}
        onToggleError={failed}
        onRowClick={trash ? undefined : (row) => navigate(to(row._id))}
        rowActions={trash ? trashActions : favoriteAction}
      />
      <ConfirmDialog
        visible={Boolean(purging)}
        message={t('documents.purgeConfirm', { name: String(purging?.key ?? purging?._id ?? '') })}
        onAccept={() => purging && onPurge(purging)}
        onCancel={() => setPurging(null)}
      />
    </div>
  );
}
