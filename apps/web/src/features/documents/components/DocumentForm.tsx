import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Panel } from 'primereact/panel';
import { formatDate, formatNumber, formatTime, hasRole, isSupplier } from '@p2p/domain';
import { Field, getPath, resolveFieldType, setPath, valuePath, type FieldDef } from '../../../components/fields/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import {
  createDocument,
  deleteDocument,
  documentQuery,
  duplicateDocument,
  editCheck,
  editStart,
  reopenDocument,
  runWorkflow,
  timelineQuery,
  updateDocument,
  useDocument,
  type DocumentData,
  type EditInfo,
  type ModelConfig,
} from '../api/documents.ts';
import { mapSaveError, type FormNotice } from '../errors.ts';
import { canDelete, canDuplicate, canEdit, fieldState, hasAction, offersAction, reopenOffer, workflowOffers } from '../permissions.ts';
import { openOrderPdf } from '../api/order-pdf.ts';
import { FavoriteToggle } from '../../favorites/index.ts';
import { OrderShipments, shipsOf } from './OrderShipments.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';
import { WorkflowActions } from './WorkflowActions.tsx';
import { createPricer, duplicateOf, saveBody } from './pricing.ts';
import { useModel } from './use-model.ts';

type Mode = 'read' | 'edit' | 'create';
const TOTALS = ['grossValue', 'discountValue', 'costValue', 'netValue', 'taxValue', 'value'] as const;

export interface DocumentFormProps {
  model: string;
  /** the list route ('/order'); the form lives at {path}/{id}/{action?} */
  path: string;
  id: string;
  action?: string;
  /** the /read/:type/:id view: never editable, no actions */
  readOnlyView?: boolean;
}

function initialDraft(config: ModelConfig, from?: DocumentData): DocumentData {
  let draft: DocumentData = from ? { ...from } : { lines: [] };
  for (const f of config.form.fields) {
    if (f.default !== undefined && getPath(draft, f.src) === undefined) draft = setPath(draft, f.src, f.default);
  }
  if (!draft.lines) draft.lines = [];
  return draft;
}

/** The generic form view: collapsible groups, actions, read / edit / create modes, lines with live totals. */
export function DocumentForm({ model, path, id, action, readOnlyView }: DocumentFormProps) {
  const { t, user, config, base, lang } = useModel(model);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const creating = id === 'new';
  const loaded = useDocument(model, creating ? undefined : id);
  const listPath = path === '/' ? '' : path;

  const [mode, setMode] = useState<Mode>(creating ? 'create' : 'read');
  const [draft, setDraft] = useState<DocumentData | null>(null);
  const [seen, setSeen] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [conflict, setConflict] = useState(false);
  const [editing, setEditing] = useState<EditInfo['editing']>(null);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const cfg = config.data;
  // take the server's copy unless the user is editing (nothing typed is ever overwritten)
  const source = creating ? cfg : loaded.data;
  if (cfg && source && source !== seen) {
    setSeen(source);
    if (creating) {
      const dup = (location.state as { duplicate?: DocumentData } | null)?.duplicate;
      setDraft(initialDraft(cfg, dup));
      setMode('create');
    } else if (mode !== 'edit' || !draft) {
      setDraft(loaded.data ?? null);
    }
    if (!Object.keys(collapsed).length) setCollapsed(Object.fromEntries(cfg.form.groups.map((g) => [g.key, Boolean(g.collapsed)])));
  }

  const doc = loaded.data;
  const mayEdit = Boolean(cfg && doc && !readOnlyView && hasAction(cfg, 'edit') && canEdit(user, cfg, doc));

  const beginEdit = async () => {
    if (!cfg || !doc) return;
    try {
      const info = await editStart(model, id);
      setEditing(info?.editing ?? null);
    } catch {
      // the server re-checks on save; a failed edit-start does not block editing
    }
    setNotice(null);
    setConflict(false);
    setMode('edit');
  };

  // who else is editing (edit-check), and the edit action of the url
  useEffect(() => {
    if (creating || readOnlyView || !cfg || !doc || cfg.form.options?.editStart === false) return;
    let live = true;
    if (action === 'edit' && mayEdit) {
      void editStart(model, id).then((info) => live && setEditing(info?.editing ?? null)).catch(() => undefined);
      setMode((m) => (m === 'read' ? 'edit' : m));
    } else {
      void editCheck(model, id).then((info) => live && setEditing(info?.editing ?? null)).catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // once per loaded document
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [creating, readOnlyView, cfg?.name, doc?._id, action]);

  // Incremental pricing: only edited lines are recomputed, the totals adjusted by their difference.
  const [pricer] = useState(createPricer);
  // The first paint of a loaded document shows the server's values (it computed them with the same
  // rules); the browser's own pricing of every line follows in short slices between frames. An edit
  // before it is done prices what is left at once.
  const [primed, setPrimed] = useState(false);
  const deferPricing = !primed && Boolean(draft) && draft === doc;
  useEffect(() => {
    if (!deferPricing || !draft) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      if (pricer.warm(draft, performance.now() + 8)) setPrimed(true);
      else timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [deferPricing, draft, pricer]);
  const priced = useMemo(() => (draft && !deferPricing ? pricer(draft) : null), [draft, deferPricing, pricer]);
  const view = useMemo<DocumentData | null>(() => {
    if (!draft) return null;
    if (!priced) return deferPricing ? draft : null;
    return { ...draft, ...(priced.totals ?? {}), lines: Array.isArray(draft.lines) ? priced.lines : draft.lines };
  }, [draft, priced, deferPricing]);

  if (config.isLoading || (!creating && loaded.isLoading)) return <Loading />;
  if (!cfg) return <p className="page p-error" data-testid="document-error">{t('documents.configError', { model })}</p>;
  if (!creating && loaded.error) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return <p className="page p-error" data-testid="document-error">{notFound ? t('documents.notFound') : t('documents.loadError')}</p>;
  }
  if (!draft || !view) return <Loading />;

  const editingNow = mode !== 'read' && !readOnlyView;
  const fields = cfg.form.fields;
  const bySrc = new Map(fields.map((f) => [f.src, f]));
  const stateLabel = (s: string) => base.states?.[s] ?? t(`documents.states.${s}`, { defaultValue: s });
  const ctx = { ...base, user, doc: view };

  const stateOf = (f: FieldDef) => {
    const type = resolveFieldType(f.type);
    const value = type === 'lines' ? view.lines : getPath(view, valuePath(f, type));
    return { ...fieldState(f, view, user, editingNow, mode === 'create', value, cfg), value, type };
  };

  const change = (f: FieldDef, type: string, v: unknown) => {
    setDraft((d) => (d ? (type === 'lines' ? { ...d, lines: v as DocumentData['lines'] } : setPath(d, valuePath(f, type), v)) : d));
    if (fieldErrors[f.src]) setFieldErrors(({ [f.src]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    try {
      if (mode === 'create') {
        const created = await createDocument(model, saveBody(draft));
        showToast({ severity: 'success', detail: t('documents.created') });
        queryClient.setQueryData(documentQuery(model, String(created._id)).queryKey, created);
        navigate(`${listPath}/${String(created._id)}`, { replace: true });
        return;
      }
      const saved = await updateDocument(model, id, { ...saveBody(draft), _version: draft._version ?? doc?._version });
      queryClient.setQueryData(documentQuery(model, id).queryKey, saved);
      setDraft(saved);
      setSeen(saved);
      setConflict(false);
      setEditing(null);
      setMode('read');
      showToast({ severity: 'success', detail: t('documents.saved') });
      if (action === 'edit') navigate(`${listPath}/${id}`, { replace: true });
    } catch (err) {
      const shown = fields.filter((f) => stateOf(f).visible).map((f) => f.src);
      const mapped = mapSaveError(err, view, shown, stateLabel);
      if (mapped.conflict) setConflict(true);
      setFieldErrors(mapped.fields);
      setNotice(mapped.notice);
      // open the groups holding a field with an error
      const open = cfg.form.groups.filter((g) => g.fields.some((s) => mapped.fields[s])).map((g) => g.key);
      if (open.length) setCollapsed((c) => ({ ...c, ...Object.fromEntries(open.map((k) => [k, false])) }));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setNotice(null);
    setFieldErrors({});
    setConflict(false);
    if (mode === 'create') return navigate(listPath || '/');
    setDraft(doc ?? null);
    setMode('read');
    if (action === 'edit') navigate(`${listPath}/${id}`, { replace: true });
  };

  const reload = async () => {
    setConflict(false);
    setNotice(null);
    const fresh = await queryClient.fetchQuery({ ...documentQuery(model, id), staleTime: 0 });
    setDraft(fresh);
    setSeen(fresh);
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteDocument(model, id);
      showToast({ severity: 'success', detail: t('documents.deleted') });
      navigate(listPath || '/');
    } catch (err) {
      setNotice({ severity: 'error', title: t('documents.validationTitle'), messages: [(err as Error).message] });
    }
  };

  const actionError = (err: unknown) => setNotice({ severity: 'error', title: t('documents.actionFailed'), messages: [(err as Error).message] });

  const runAction = async (name: string, comment: string): Promise<boolean> => {
    setNotice(null);
    try {
      const body = { ...(comment ? { comment } : {}), _version: doc?._version ?? draft._version };
      // the model action 'reopen' has its own call; a workflow transition of that name does not
      if (name === 'reopen' && reopenAsAction) {
        await reopenDocument(model, id, body);
        showToast({ severity: 'success', detail: t('documents.reopened') });
      } else {
        await runWorkflow(model, id, { action: name, ...body });
        showToast({ severity: 'success', detail: t('documents.workflow.done') });
      }
      await reload();
      void queryClient.invalidateQueries({ queryKey: timelineQuery(model, id).queryKey });
      return true;
    } catch (err) {
      actionError(err);
      return false;
    }
  };

  const duplicate = async () => {
    if (!doc) return;
    setNotice(null);
    try {
      const created = await duplicateDocument(model, id);
      queryClient.setQueryData(documentQuery(model, String(created._id)).queryKey, created);
      navigate(`${listPath}/${String(created._id)}`);
    } catch (err) {
      // a server without the duplicate endpoint: copy the document into a new form instead
      if (err instanceof ApiError && err.status === 404 && /^Route /.test(err.message)) navigate(`${listPath}/new`, { state: { duplicate: duplicateOf(doc) } });
      else actionError(err);
    }
  };

  /** the order PDF, or one delivery of it (same call, token and supplier view) */
  const orderPdf = async (shipId?: string) => {
    try {
      await openOrderPdf(id, { supplierView: isSupplier(user) && !hasRole(user, 'admin,manager,buyer'), ...(shipId ? { shipId } : {}) });
    } catch (err) {
      actionError(err);
    }
  };

  const transitions = mode === 'read' && doc && !readOnlyView ? workflowOffers(user, cfg, doc, lang) : [];
  // reopen (a model action) opens the same state-change dialog as the workflow actions
  const reopen = mode === 'read' && doc && !readOnlyView ? reopenOffer(user, cfg, doc, lang, t('documents.reopen')) : null;
  const reopenAsAction = Boolean(reopen) && !transitions.some((o) => o.name === 'reopen');
  const offers = reopenAsAction && reopen ? [...transitions, reopen] : transitions;
  const ships = shipsOf(doc);
  const isOrder = (model === 'order' || hasAction(cfg, 'order-pdf')) && offersAction(cfg, doc, 'order-pdf', true);

  // one document: the singular name of its model (the config's label names the list)
  const name = t(`documents.singular.${model}`, { defaultValue: cfg.label ?? model });
  const title = `${name} ${mode === 'create' ? `– ${t('documents.newTitle')}` : (draft.key ?? `#${String(draft._id ?? '')}`)}`;
  const state = draft._state?.current;

  return (
    <div className={`page document-form document-form--${mode}`} data-testid="document-form" data-model={model} data-mode={readOnlyView ? 'read' : mode}>
      <div className="page-header">
        <h1 data-testid="form-title">{title}</h1>
        {state && (
          <span className={`field-state state-${state}`} data-testid="form-state" data-state={state}>
            {stateLabel(state)}
          </span>
        )}
        {!creating && !readOnlyView && offersAction(cfg, doc, 'favorite') && <FavoriteToggle model={model} id={id} initial={typeof doc?._favorite === 'boolean' ? doc._favorite : undefined} />}
        {!readOnlyView && (
          <div className="page-actions" role="toolbar" aria-label={t('table.actions')} data-testid="form-actions">
            {mode === 'read' && mayEdit && <Button label={t('documents.edit')} icon="pi pi-pencil" data-testid="action-edit" onClick={() => void beginEdit()} />}
            {editingNow && <Button label={t('documents.save')} icon="pi pi-check" data-testid="action-save" loading={busy} onClick={() => void save()} />}
            {editingNow && <Button label={t('documents.cancel')} icon="pi pi-times" severity="secondary" outlined data-testid="action-cancel" onClick={cancel} />}
            {mode === 'read' && doc && hasAction(cfg, 'delete') && canDelete(user, cfg, doc) && (
              <Button label={t('documents.delete')} icon="pi pi-trash" severity="danger" outlined data-testid="action-delete" onClick={() => setConfirmDelete(true)} />
            )}
            {mode === 'read' && doc && canDuplicate(user, cfg, doc) && (
              <Button
                label={t('documents.duplicate')}
                icon="pi pi-copy"
                severity="secondary"
                outlined
                data-testid="action-duplicate"
                onClick={() => void duplicate()}
              />
            )}
            {mode === 'read' && doc && isOrder && (
              <Button label={t('documents.pdf')} icon="pi pi-file-pdf" severity="secondary" outlined data-testid="action-pdf" onClick={() => void orderPdf()} />
            )}
            {mode === 'read' && <WorkflowActions offers={offers} onRun={runAction} />}
            {mode === 'read' && (
              <Button label={t('documents.back')} icon="pi pi-arrow-left" severity="secondary" text data-testid="action-back" onClick={() => navigate(listPath || '/')} />
            )}
          </div>
        )}
      </div>

      {editing && (
        <div className="p-message p-message-warn form-notice" role="status" data-testid="editing-notice">
          <i className="pi pi-user-edit" aria-hidden="true" />{' '}
          {t('documents.beingEdited', { user: editing.user?.name ?? editing.user?.username ?? '', time: `${formatDate(editing.ts)} ${formatTime(editing.ts)}` })}
        </div>
      )}
      {conflict && (
        <div className="p-message p-message-warn form-notice" role="alert" data-testid="conflict-notice">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('documents.conflict')}{' '}
          <Button label={t('documents.reload')} size="small" text data-testid="conflict-reload" onClick={() => void reload()} />
        </div>
      )}
      {notice && (
        <div className={`p-message p-message-${notice.severity} form-notice`} role="alert" data-testid="form-errors" data-severity={notice.severity}>
          <strong>{notice.title}</strong>
          <ul>
            {notice.messages.map((m, i) => (
              <li key={`${i}-${m}`}>{m}</li>
            ))}
          </ul>
        </div>
      )}

      {cfg.form.groups.map((g) => {
        const groupFields = g.fields.map((s) => bySrc.get(s)).filter((f): f is FieldDef => Boolean(f));
        const states = groupFields.map((f) => ({ f, s: stateOf(f) })).filter((x) => x.s.visible);
        if (!states.length) return null;
        const hasLines = states.some((x) => x.s.type === 'lines');
        return (
          <div key={g.key} data-testid={`group-${g.key}`} data-collapsed={Boolean(collapsed[g.key]) || undefined}>
            <Panel
              header={g.label ?? g.key}
              toggleable
              collapsed={Boolean(collapsed[g.key])}
              onToggle={(e) => setCollapsed((c) => ({ ...c, [g.key]: e.value }))}
              className="form-group"
            >
              <div className="form-grid">
                {states.map(({ f, s }) => (
                  <Field
                    key={f.src}
                    field={f}
                    value={s.value}
                    ctx={ctx}
                    editable={s.editable}
                    required={s.required}
                    error={fieldErrors[f.src]}
                    onChange={(v) => change(f, s.type, v)}
                  />
                ))}
              </div>
              {hasLines && (
                <dl className="totals" data-testid="totals">
                  {TOTALS.map((k) => (
                    <div key={k} className="totals__item">
                      <dt>{t(`documents.${k}`)}</dt>
                      <dd data-testid={`total-${k}`}>{formatNumber((view[k] as string | undefined) ?? '0', 2)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </Panel>
          </div>
        );
      })}

      {mode === 'read' && !readOnlyView && isOrder && ships.length > 0 && <OrderShipments ships={ships} onPdf={(shipId) => orderPdf(shipId)} />}

      {!creating && doc && (
        <TimelinePanel model={model} id={id} config={cfg} state={doc._state?.current} stateLabel={stateLabel} lang={lang} />
      )}

      <ConfirmDialog
        visible={confirmDelete}
        message={t('documents.deleteConfirm', { name: draft.key ?? `#${String(draft._id ?? '')}` })}
        onAccept={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
