import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { formatDate, formatTime, isAdminLevel } from '@p2p/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LeaveGuard } from '../../../components/LeaveGuard.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import {
  adminKeys,
  fetchVersion,
  restoreVersion,
  saveConfig,
  useAdminModel,
  useAdminModels,
  useAdminVersions,
  validateConfig,
  type ConfigError,
} from '../api/admin.ts';
import './admin.css';
import { AdminSettings } from './AdminSettings.tsx';

const format = (value: unknown) => JSON.stringify(value, null, 2);

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

const errorsOf = (err: unknown): ConfigError[] =>
  err instanceof ApiError && err.errors.length
    ? err.errors
    : [{ message: err instanceof Error ? err.message : String(err) }];

export interface AdminPageProps {
  /** the approval rules editor (the approvals feature), composed by the route module: a tab of its own */
  approvalRules?: ReactNode;
}

/** /admin: admin-level users view, validate and edit model configurations; every save is a new version. */
export function AdminPage({ approvalRules }: AdminPageProps = {}) {
  const { t } = useTranslation();
  const user = useUser();
  const allowed = isAdminLevel(user);
  const models = useAdminModels(allowed);
  const [selected, setSelected] = useState<string | null>(null);
  // unsaved edits of the open model: switching model, leaving or reloading asks first
  const [dirty, setDirty] = useState(false);
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const choose = (model: string) => (dirty && model !== selected ? setSwitchTo(model) : setSelected(model));

  if (!allowed) {
    return (
      <div className="page" data-testid="admin-page">
        <h1>{t('admin.title')}</h1>
        <Message severity="warn" text={t('admin.forbidden')} data-testid="admin-forbidden" />
      </div>
    );
  }

  const configuration = (
    <>
      <AdminSettings />
      <div className="admin-page__body">
        <nav className="admin-models" aria-label={t('admin.models')}>
          <h2>{t('admin.models')}</h2>
          {models.isLoading && <p>{t('common.loading')}</p>}
          {models.error && (
            <Message severity="error" text={models.error.message} data-testid="admin-load-error" />
          )}
          <ul data-testid="admin-model-list">
            {(models.data ?? []).map((m) => (
              <li key={m.model}>
                <button
                  type="button"
                  className={
                    m.model === selected
                      ? 'admin-models__item admin-models__item--active'
                      : 'admin-models__item'
                  }
                  aria-current={m.model === selected ? 'true' : undefined}
                  data-testid={`admin-model-${m.model}`}
                  onClick={() => choose(m.model)}
                >
                  <span className="admin-models__name">{m.model}</span>
                  <span className="admin-models__version">
                    {t('admin.versionShort', { version: m.version })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="admin-detail">
          {selected ? (
            <ModelEditor key={selected} model={selected} onDirty={setDirty} />
          ) : (
            <p data-testid="admin-select-hint">{t('admin.selectModel')}</p>
          )}
        </section>
      </div>
      <LeaveGuard when={dirty} />
      <ConfirmDialog
        visible={switchTo !== null}
        title={t('leaveGuard.title')}
        message={t('leaveGuard.message')}
        acceptLabel={t('leaveGuard.leave')}
        cancelLabel={t('leaveGuard.stay')}
        onAccept={() => {
          setDirty(false);
          setSelected(switchTo);
          setSwitchTo(null);
        }}
        onCancel={() => setSwitchTo(null)}
      />
    </>
  );
  return (
    <div className="page admin-page" data-testid="admin-page">
      <h1>{t('admin.title')}</h1>
      {approvalRules ? (
        // both tabs stay mounted: switching tab never drops unsaved edits of the other one
        <TabView renderActiveOnly={false}>
          <TabPanel header={t('admin.configurationTab')}>{configuration}</TabPanel>
          <TabPanel header={t('approvals.rules.tab')}>{approvalRules}</TabPanel>
        </TabView>
      ) : (
        configuration
      )}
    </div>
  );
}

function ModelEditor({ model, onDirty }: { model: string; onDirty?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useAdminModel(model);
  const versions = useAdminVersions(model);
  const [text, setText] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const [errors, setErrors] = useState<ConfigError[]>([]);
  const [valid, setValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const gutter = useRef<HTMLPreElement>(null);

  const loaded = current.data;
  const original = useMemo(() => (loaded ? format(loaded.config) : ''), [loaded]);
  // Format on load, and again whenever a new version becomes current.
  useEffect(() => {
    setText(original);
    setViewing(null);
  }, [original]);

  const parsed = useMemo(() => parse(text), [text]);
  const dirty = parsed.ok ? format(parsed.value) !== original : true;
  // before the configuration has loaded there is nothing to lose
  const unsaved = Boolean(loaded) && dirty;
  useEffect(() => onDirty?.(unsaved), [unsaved, onDirty]);
  const lineCount = text.split('\n').length;

  const edit = (value: string) => {
    setText(value);
    setValid(false);
  };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      // the app's cached model configs (GET /config/model) re-fetch the new version
      queryClient.invalidateQueries({ queryKey: ['config', 'model'] }),
    ]);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const validate = () =>
    run(async () => {
      if (!parsed.ok) return;
      setErrors([]);
      setValid(false);
      try {
        const result = await validateConfig(model, parsed.value);
        setErrors(result.errors);
        setValid(result.valid);
      } catch (err) {
        setErrors(errorsOf(err));
      }
    });

  const save = () =>
    run(async () => {
      if (!parsed.ok || !loaded) return;
      setErrors([]);
      setValid(false);
      try {
        const res = await saveConfig(model, parsed.value, loaded.version);
        showToast({ severity: 'success', detail: t('admin.saved', { version: res.version }) });
        await refresh();
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) setErrors([{ message: t('admin.stale') }]);
        else setErrors(errorsOf(err));
      }
    });

  const revert = () => {
    setText(original);
    setViewing(null);
    setErrors([]);
    setValid(false);
  };

  const view = (version: number) =>
    run(async () => {
      try {
        const res = await fetchVersion(model, version);
        setText(format(res.config));
        setViewing(version);
        setErrors([]);
        setValid(false);
      } catch (err) {
        setErrors(errorsOf(err));
      }
    });

  const restore = (version: number) =>
    run(async () => {
      setErrors([]);
      try {
        const res = await restoreVersion(model, version);
        showToast({
          severity: 'success',
          detail: t('admin.restored', { from: version, version: res.version }),
        });
        await refresh();
      } catch (err) {
        setErrors(errorsOf(err));
      }
    });

  if (current.isLoading) return <p>{t('common.loading')}</p>;
  if (current.error || !loaded) {
    return (
      <Message
        severity="error"
        text={current.error?.message ?? t('admin.loadFailed')}
        data-testid="admin-load-error"
      />
    );
  }

  return (
    <div className="admin-editor" data-testid="admin-editor-panel">
      <h2>
        <span data-testid="admin-model-name">{model}</span>{' '}
        <span className="admin-editor__version" data-testid="admin-current-version">
          {t('admin.currentVersion', { version: loaded.version })}
        </span>
      </h2>
      {viewing !== null && (
        <Message
          severity="info"
          text={t('admin.viewing', { version: viewing })}
          data-testid="admin-viewing"
        />
      )}
      <div className="admin-editor__toolbar">
        <Button
          type="button"
          label={t('admin.validate')}
          icon="pi pi-check-circle"
          outlined
          disabled={busy || !parsed.ok}
          onClick={() => void validate()}
          data-testid="admin-validate"
        />
        <Button
          type="button"
          label={t('admin.save')}
          icon="pi pi-save"
          disabled={busy || !parsed.ok || !dirty}
          onClick={() => void save()}
          data-testid="admin-save"
        />
        <Button
          type="button"
          label={t('admin.revert')}
          icon="pi pi-undo"
          severity="secondary"
          outlined
          disabled={busy || (!dirty && viewing === null)}
          onClick={revert}
          data-testid="admin-revert"
        />
      </div>
      {!parsed.ok && (
        <Message
          severity="error"
          text={t('admin.invalidJson', { message: parsed.message })}
          data-testid="admin-json-error"
        />
      )}
      {valid && <Message severity="success" text={t('admin.valid')} data-testid="admin-valid" />}
      {errors.length > 0 && (
        <div className="admin-errors" role="alert" data-testid="admin-errors">
          <strong>{t('admin.errorsTitle')}</strong>
          <ul>
            {errors.map((e, i) => (
              <li key={`${e.field ?? ''}-${i}`} data-testid="admin-error">
                {e.field && <code data-testid="admin-error-field">{e.field}</code>} <span>{e.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="admin-editor__code">
        <pre
          className="admin-editor__gutter"
          ref={gutter}
          aria-hidden="true"
          data-testid="admin-line-numbers"
        >
          {Array.from({ length: lineCount }, (_, i) => i + 1).join('\n')}
        </pre>
        <textarea
          className="admin-editor__text"
          value={text}
          spellCheck={false}
          aria-label={t('admin.editorLabel')}
          data-testid="admin-editor"
          onChange={(e) => edit(e.target.value)}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      <h3>{t('admin.history')}</h3>
      <table className="admin-versions" data-testid="admin-versions">
        <thead>
          <tr>
            <th>{t('admin.version')}</th>
            <th>{t('admin.createdAt')}</th>
            <th>{t('admin.createdBy')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(versions.data ?? []).map((v) => (
            <tr key={v.version} data-testid="admin-version" data-version={v.version}>
              <td>{v.version}</td>
              <td>{`${formatDate(v.createdAt)} ${formatTime(v.createdAt)}`}</td>
              <td>{v.createdBy ?? t('admin.shipped')}</td>
              <td className="admin-versions__actions">
                <Button
                  type="button"
                  label={t('admin.view')}
                  text
                  size="small"
                  disabled={busy}
                  onClick={() => void view(v.version)}
                  data-testid="admin-version-view"
                />
                <Button
                  type="button"
                  label={t('admin.restore')}
                  text
                  size="small"
                  disabled={busy || v.version === loaded.version}
                  onClick={() => void restore(v.version)}
                  data-testid="admin-version-restore"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
