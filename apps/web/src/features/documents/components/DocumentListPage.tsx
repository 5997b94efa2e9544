import './list.css';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { actsAsSupplier, canViewModel, labelText } from '@p2p/domain';
import { fieldLabel } from '../../../components/fields/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import type { Row } from '../../../components/table/index.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useTrashDocument } from '../api/trash-document.ts';
import { useModel } from '../hooks/use-model.ts';
import { FilterChip } from '../../../components/FilterChip.tsx';
import {
  linkFilters,
  listFilters,
  routeFilter,
  withoutLinkFilter,
  withoutLinkFilters,
} from '../list-filters.ts';
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
  const [search, setSearch] = useSearchParams();
  // the trash view is in the url too (?trash=1), so Back from a deleted document returns to it
  const trash = search.get('trash') === '1';
  const setTrash = (on: boolean) => setSearch(on ? { trash: '1' } : {});
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
  // a supplier is not shown that an internal list exists (the server answers its rows 404 too)
  if (actsAsSupplier(user) && !canViewModel(user, cfg.permissions)) return <NotFound />;
  const title = labelText(cfg.label, lang) || model;
  const to = (id: unknown) => `${path === '/' ? '' : path}/${String(id)}`;
  // the route's filters narrow the list; the trash lists every deleted document of the model
  const filters = trash ? {} : listFilters(routeFilter(meta), search);
  const fromLink = trash ? {} : linkFilters(search);
  const describe = (src: string, value: string) => {
    // a named filter of the server (evaluation=due) has a text of its own
    const named = t(`documents.namedFilters.${src}.${value}`, { defaultValue: '' });
    if (named) return named;
    const path = src === 'state' ? '_state.current' : src;
    const fields = [...cfg.list.fields, ...cfg.form.fields];
    // supplier._id names the supplier column (supplier.name); a field of its own wins
    const field =
      fields.find((f) => f.src === path || f.src === `${path}.name`) ??
      (path.endsWith('._id') ? fields.find((f) => f.src === `${path.slice(0, -4)}.name`) : undefined);
    const label = field
      ? fieldLabel(field, lang)
      : t(`documents.linkFilter.keys.${src.replace(/\./g, '_')}`, { defaultValue: src });
    const shown =
      path === '_state.current'
        ? value
            .split(',')
            .map((v) => base.states?.[v] ?? v)
            .join(', ')
        : value;
    return `${label}: ${shown}`;
  };
  // the route's own filters (its navigation entry) read as a plain note; a link's can be cleared
  const filterText = Object.entries(filters)
    .filter(([src]) => !Object.hasOwn(fromLink, src))
    .map(([src, value]) => describe(src, value))
    .join(', ');
  const linkText = Object.keys(fromLink).length > 0;
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
              onClick={() => setTrash(!trash)}
            />
          )}
        </div>
      </div>
      {filterText && (
        <p className="muted" data-testid="list-filters">
          {t('documents.filteredBy', { filters: filterText })}
        </p>
      )}
      {linkText && (
        <div className="list-link-filter" role="status" data-testid="list-link-filters">
          <i className="pi pi-filter" aria-hidden="true" />
          <span>{t('documents.linkFilter.label')} </span>
          {/* one chip per filter of the link: each can be dropped on its own */}
          {Object.entries(fromLink).map(([src, value]) => (
            <FilterChip
              key={src}
              label={describe(src, value)}
              testId={`list-filter-chip-${src}`}
              onRemove={() => setSearch(withoutLinkFilter(search, src))}
            />
          ))}
          <Button
            label={t('documents.linkFilter.clear')}
            icon="pi pi-filter-slash"
            size="small"
            text
            data-testid="list-clear-filters"
            onClick={() => setSearch(withoutLinkFilters(search))}
          />
        </div>
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
