import '../reports.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { isAdminLevel, newReport, reportChecks, reportSource } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useReportingConfig } from '../api/get-reporting-config.ts';
import { useReport } from '../api/get-report.ts';
import { useSaveReport } from '../api/save-report.ts';
import { useReportRun } from '../hooks/use-report-run.ts';
import {
  draftOf,
  duplicateOf,
  isNewId,
  pipelineError,
  requestOf,
  withSource,
  type Draft,
} from '../report-draft.ts';
import { AggregationEditor } from './AggregationEditor.tsx';
import { OptionsDrawer } from './OptionsDrawer.tsx';
import { ReportResultView } from './ReportResultView.tsx';
import { RunStatus } from './RunStatus.tsx';

/**
 * /query/:id: the report builder (seed 001 sections 2.9, 4.4, 5). 'create' starts a new report,
 * 'duplicate' (?from=id) a copy; after saving either, the route is replaced by the new id (or the
 * redirect of the query string). A report whose `_editable.ok` is false opens read-only.
 */
export function ReportBuilderPage({ listPath = '/query' }: { listPath?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id = 'create' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useUser();
  const from = id === 'duplicate' ? search.get('from') : null;
  const loadId = isNewId(id) ? from : id;
  const config = useReportingConfig(lang);
  const stored = useReport(loadId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [options, setOptions] = useState(false);
  const save = useSaveReport();
  // the builder runs only on Preview
  const run = useReportRun(null, { auto: false });

  useEffect(() => {
    if (loadId) {
      if (stored.data) {
        const loaded = draftOf(stored.data);
        setDraft(id === 'duplicate' ? duplicateOf(loaded, t('reports.copy')) : loaded);
      }
    } else setDraft({ ...(newReport(lang) as Draft), _id: id });
  }, [loadId, stored.data, id, lang, t]);

  const readOnly = Boolean(stored.data && !isNewId(id) && !stored.data._editable.ok);
  const source = draft ? reportSource(draft.model) : null;
  const admin = user ? isAdminLevel(user) : false;
  const pipelineProblem = useMemo(
    () => (draft?.type === 'system-query' ? pipelineError(String(draft.aggregation.pipeline ?? '')) : null),
    [draft],
  );

  if (stored.isError) return <p className="page">{t('reports.notFound')}</p>;
  if (!draft || !config.data) return <Loading />;
  const cfg = config.data;

  /** The checks in order, each failure a notice; true when none blocks. */
  const passes = (): boolean => {
    const checks = reportChecks(requestOf(draft));
    for (const c of checks) showToast({ severity: 'error', detail: c.message });
    return !checks.some((c) => c.blocking);
  };

  const onPreview = () => {
    if (passes()) run.run(requestOf(draft));
  };

  const onSave = () => {
    if (!passes()) return;
    const body = requestOf(draft);
    save.mutate(body, {
      onSuccess: (saved) => {
        showToast({ severity: 'success', detail: saved.message });
        setDraft({ ...draft, ...body, _id: saved.id } as Draft);
        if (isNewId(id)) {
          const redirect = search.get('redirect');
          void navigate(
            redirect && redirect.startsWith('/') && !redirect.startsWith('//')
              ? redirect
              : `${listPath}/${saved.id}`,
            {
              replace: true,
            },
          );
        }
      },
      onError: (err) => showToast({ severity: 'error', detail: err.message }),
    });
  };

  const visId = draft.visualization?.type?._id ?? 'table';
  return (
    <div className="page report-builder" data-testid="report-builder" data-readonly={readOnly || undefined}>
      <header className="report-builder__header">
        <Button
          label={t('reports.back')}
          icon="pi pi-arrow-left"
          text
          onClick={() => void navigate(listPath)}
          data-testid="report-back"
        />
        <h1 className="report-builder__title">{draft.name || t('reports.newReport')}</h1>
        <Button
          label={t('reports.options')}
          icon="pi pi-sliders-h"
          outlined
          onClick={() => setOptions(true)}
          data-testid="report-options"
        />
      </header>

      <div className="report-builder__form">
        <label className="report-field">
          <span>{t('reports.name')}</span>
          <InputText
            value={draft.name ?? ''}
            disabled={readOnly}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            data-testid="report-name"
          />
        </label>
        {admin && (
          <label className="report-field">
            <span>{t('reports.type')}</span>
            <Dropdown
              value={draft.type ?? 'user-query'}
              options={[
                { value: 'user-query', label: t('reports.userQuery') },
                { value: 'system-query', label: t('reports.systemQuery') },
              ]}
              disabled={readOnly}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  type: e.value as Draft['type'],
                  aggregation:
                    e.value === 'system-query'
                      ? { pipeline: '' }
                      : { groupBy: [], metrics: [], sort: [], rollupColumns: false },
                })
              }
              data-testid="report-type"
            />
          </label>
        )}
        <label className="report-field">
          <span>{t('reports.source')}</span>
          <Dropdown
            value={source}
            options={cfg.models}
            optionLabel="label"
            optionValue="_id"
            filter
            placeholder={t('reports.chooseSource')}
            disabled={readOnly}
            onChange={(e) => setDraft(withSource(draft, String(e.value), lang))}
            data-testid="report-source"
          />
        </label>
      </div>

      {draft.type === 'system-query' ? (
        <label className="report-field report-pipeline">
          <span>{t('reports.pipeline')}</span>
          <InputTextarea
            value={String(draft.aggregation.pipeline ?? '')}
            rows={10}
            disabled={readOnly}
            onChange={(e) => setDraft({ ...draft, aggregation: { pipeline: e.target.value } })}
            data-testid="report-pipeline"
            aria-invalid={pipelineProblem ? true : undefined}
          />
          {pipelineProblem && (
            <small className="p-error" data-testid="pipeline-error">
              {pipelineProblem}
            </small>
          )}
        </label>
      ) : (
        <AggregationEditor
          draft={draft}
          config={cfg}
          source={source}
          readOnly={readOnly}
          onChange={setDraft}
        />
      )}

      <div className="report-builder__actions">
        <Button
          label={t('reports.preview')}
          icon="pi pi-play"
          outlined
          onClick={onPreview}
          data-testid="report-preview"
        />
        <Button
          label={t('reports.save')}
          icon="pi pi-save"
          disabled={readOnly}
          loading={save.isPending}
          onClick={onSave}
          data-testid="report-save"
        />
        {!isNewId(id) && (
          <Button
            label={t('reports.view')}
            icon="pi pi-eye"
            text
            onClick={() => void navigate(`${listPath}/${id}/view`)}
            data-testid="report-view"
          />
        )}
      </div>

      <RunStatus run={run} />
      {run.result && run.status !== 'running' && (
        <ReportResultView
          result={run.result}
          kind={visId}
          custom={draft.visualization?.custom ?? {}}
          name={draft.name || 'report'}
        />
      )}

      <OptionsDrawer
        visible={options}
        onHide={() => setOptions(false)}
        draft={draft}
        config={cfg}
        readOnly={readOnly}
        onChange={setDraft}
      />
    </div>
  );
}
