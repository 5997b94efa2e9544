import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { actsAsSupplier, getPath, labelText, resolveFieldType, type FieldConfig } from '@p2p/domain';
import { valuePath, type FieldContext } from '../../../components/fields/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LeaveGuard } from '../../../components/LeaveGuard.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { StateBadge } from '../../../components/StateBadge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocument } from '../api/get-document.ts';
import { useDocumentCommands } from '../hooks/use-document-commands.ts';
import { useDocumentDraft } from '../hooks/use-document-draft.ts';
import { useAfterPaint } from '../hooks/use-after-paint.ts';
import { useEditLock } from '../hooks/use-edit-lock.ts';
import { useModel } from '../hooks/use-model.ts';
import { allows, fieldState, offersAction, stateChanges } from '../permissions.ts';
import type { ApprovalSlot, AuditHistorySlot, DocumentActionSlot, FavoriteSlot } from '../slots.ts';
import { DocumentActions } from './DocumentActions.tsx';
import { DocumentGroups, type ShownField } from './DocumentGroups.tsx';
import { FormNotices } from './FormNotices.tsx';
import { ErpMessages } from './ErpMessages.tsx';
import { OrderShipments, shipsOf } from './OrderShipments.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

export interface DocumentFormProps {
  model: string;
  /** the list route ('/order'); the form lives at {path}/{id}/{action?} */
  path: string;
  id: string;
  action?: string;
  /** the /read/:type/:id view: never editable, no actions */
  readOnlyView?: boolean;
  /** the favorites star, when the route module gives one */
  favorite?: FavoriteSlot;
  /** the link to the document's audit history (shown to its readers), when the route module gives one */
  auditHistory?: AuditHistorySlot;
  /** who will approve (before submit) and the approval's progress, when the route module gives it */
  approval?: ApprovalSlot;
  /** another feature's action on the stored document (receiving), when the route module gives one */
  extraActions?: DocumentActionSlot;
}

/**
 * The generic form view: collapsible groups, actions, read / edit / create modes, lines with live totals.
 * The slots may be loaded on demand (routes/pages.tsx): each has a Suspense of its own.
 */
export function DocumentForm({
  model,
  path,
  id,
  action,
  readOnlyView,
  favorite: Favorite,
  auditHistory: AuditHistory,
  approval: Approval,
  extraActions: ExtraActions,
}: DocumentFormProps) {
  const creating = id === 'new';
  const loaded = useDocument(model, creating ? undefined : id);
  const doc = loaded.data;
  // the first screen (the header and the first lines) is painted: the rest follows
  const [painted, afterPaint] = useAfterPaint();
  const { t, user, config, base, lang } = useModel(model, { lists: painted });
  const cfg = config.data;
  const mayEdit = Boolean(cfg && doc && !readOnlyView && allows(cfg, doc, 'edit'));
  // the url's edit action opens the document in edit mode at once (no read-mode render first)
  const draft = useDocumentDraft({
    config: cfg,
    doc,
    creating,
    user,
    editOnLoad: action === 'edit' && mayEdit,
    warm: painted,
  });
  const { mode, view } = draft;
  const [collapsed, setCollapsed] = useState<Record<string, boolean> | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (view) afterPaint();
  }, [view, afterPaint]);

  const lock = useEditLock({
    model,
    id,
    enabled: Boolean(cfg && doc && !readOnlyView && cfg.form.options.editStart !== false),
    startNow: action === 'edit' && mayEdit,
  });
  const { edit } = draft;
  useEffect(() => {
    if (action === 'edit' && mayEdit) edit();
  }, [action, mayEdit, edit]);

  const editingNow = mode !== 'read' && !readOnlyView;
  const stateLabel = (s: string) => base.states?.[s] ?? t(`documents.states.${s}`, { defaultValue: s });
  const stateOf = (field: FieldConfig): ShownField => {
    const shown = view ?? {};
    const type = resolveFieldType(field.type);
    const value = type === 'lines' ? shown.lines : getPath(shown, valuePath(field, type));
    return { field, type, value, state: fieldState(field, shown, user, editingNow, mode === 'create', cfg!) };
  };
  // a file check (media field with `check`) writes its answer into an editable field of the form;
  // one function for the form's life: a new one per render would re-render every line row
  const setValueNow = useRef<(src: string, value: unknown) => void>(() => undefined);
  setValueNow.current = (src, value) => {
    const field = cfg?.form.fields.find((f) => f.src === src);
    const shown = field ? stateOf(field) : null;
    if (field && shown?.state.editable) draft.change(field, shown.type, value);
  };
  const setValue = useCallback((src: string, value: unknown) => setValueNow.current(src, value), []);
  const commands = useDocumentCommands({
    model,
    id,
    listPath: path === '/' ? '' : path,
    action,
    user,
    doc,
    draft,
    shownFields: () => (cfg?.form.fields ?? []).filter((f) => stateOf(f).state.visible).map((f) => f.src),
    stateLabel,
    stopEditing: lock.stop,
  });

  if (config.isLoading || (!creating && loaded.isLoading)) return <Loading />;
  if (!cfg) {
    return (
      <p className="page p-error" data-testid="document-error">
        {t('documents.configError', { model })}
      </p>
    );
  }
  if (!creating && !doc) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <p className="page p-error" data-testid="document-error">
        {notFound ? t('documents.notFound') : t('documents.loadError')}
      </p>
    );
  }
  if (!draft.draft || !view) return <Loading />;

  // a group holding a field with an error opens
  const initial = collapsed ?? Object.fromEntries(cfg.form.groups.map((g) => [g.key, Boolean(g.collapsed)]));
  const withErrors = cfg.form.groups.filter((g) => g.fields.some((s) => commands.fieldErrors[s]));
  const groupsCollapsed = { ...initial, ...Object.fromEntries(withErrors.map((g) => [g.key, false])) };
  const ctx: FieldContext = {
    ...base,
    user,
    doc: view,
    mode: editingNow ? (creating ? 'create' : 'edit') : 'view',
    setValue,
  };
  const offers =
    mode === 'read' && doc && !readOnlyView ? stateChanges(doc, lang, t('documents.reopen')) : [];
  const ships = shipsOf(doc);
  const isOrder = Boolean(doc && offersAction(doc, 'order-pdf'));
  // one document: the singular name of its model (the config's label names the list)
  const name = t(`documents.singular.${model}`, { defaultValue: labelText(cfg.label, lang) || model });
  const key = draft.draft.key ?? `#${String(draft.draft._id ?? '')}`;
  const title = `${name} ${mode === 'create' ? `– ${t('documents.newTitle')}` : key}`;
  const state = draft.draft._state?.current;

  return (
    <div
      className={`page document-form document-form--${mode}`}
      data-testid="document-form"
      data-model={model}
      data-mode={readOnlyView ? 'read' : mode}
    >
      <div className="page-header">
        <h1 data-testid="form-title">{title}</h1>
        {state && <StateBadge state={state} label={stateLabel(state)} testId="form-state" />}
        {Favorite && doc && !readOnlyView && offersAction(doc, 'favorite') && (
          <Favorite model={model} id={id} />
        )}
        {AuditHistory && doc && <AuditHistory model={model} id={id} />}
        {ExtraActions && doc && mode === 'read' && !readOnlyView && (
          <Suspense fallback={null}>
            <ExtraActions model={model} doc={doc} />
          </Suspense>
        )}
        {!readOnlyView && (
          <DocumentActions
            mode={mode}
            config={cfg}
            doc={doc}
            stateChanges={offers}
            pending={commands.pending}
            on={{
              edit: () => {
                commands.clear();
                lock.start();
                draft.edit();
              },
              save: () => commands.save(draft.draft!, view),
              cancel: commands.cancel,
              delete: () => setConfirmDelete(true),
              duplicate: commands.duplicate,
              pdf: () => commands.pdf(),
              back: commands.back,
              stateChange: commands.stateChange,
            }}
            addressSupplier={Boolean(
              cfg.permissions?.supplierModel && doc?.supplier && !actsAsSupplier(user),
            )}
          />
        )}
      </div>

      <FormNotices
        editing={lock.editing}
        conflict={commands.conflict}
        onReload={() => void commands.reload()}
        notice={commands.notice}
      />

      <ErpMessages doc={doc as Record<string, unknown> | undefined} state={state} />

      <DocumentGroups
        config={cfg}
        view={view}
        stateOf={stateOf}
        ctx={ctx}
        errors={commands.fieldErrors}
        collapsed={groupsCollapsed}
        onCollapse={(group, value) => setCollapsed({ ...groupsCollapsed, [group]: value })}
        onChange={({ field, type }, value) => {
          draft.change(field, type, value);
          commands.clearFieldError(field.src);
        }}
        lang={lang}
      />

      {/* after the first screen: who approves (a dry run over the whole draft) */}
      {painted && Approval && !readOnlyView && (
        <Suspense fallback={null}>
          <Approval model={model} doc={doc} draft={view} mode={mode} />
        </Suspense>
      )}

      {mode === 'read' && !readOnlyView && isOrder && ships.length > 0 && (
        <OrderShipments ships={ships} onPdf={commands.pdf} opening={commands.pending.shipment} />
      )}

      {/* after the first screen too: the timeline and its note composer are below the lines */}
      {!creating && doc && painted && (
        <TimelinePanel model={model} id={id} stateLabel={stateLabel} lang={lang} />
      )}

      {/* unsaved changes: a route change, a reload or closing the tab asks first */}
      {!readOnlyView && <LeaveGuard when={draft.isDirty} />}

      <ConfirmDialog
        visible={confirmDelete}
        message={t('documents.deleteConfirm', { name: key })}
        onAccept={() => {
          setConfirmDelete(false);
          commands.remove();
        }}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
