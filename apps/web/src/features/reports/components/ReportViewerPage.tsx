import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { useReport } from '../api/get-report.ts';
import { ReportCard } from './ReportCard.tsx';

/** /query/:id/view: a report's result only, with the pickers when the report is the caller's to edit. */
export function ReportViewerPage({ listPath = '/query' }: { listPath?: string }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const report = useReport(id);
  const [params, setParams] = useState<Record<string, unknown>>({});
  const editable = Boolean(report.data?._editable.ok);
  return (
    <div className="page report-viewer" data-testid="report-viewer">
      <div className="report-builder__header">
        <Button
          label={t('reports.back')}
          icon="pi pi-arrow-left"
          text
          onClick={() => void navigate(listPath)}
        />
        {editable && (
          <Button
            label={t('reports.edit')}
            icon="pi pi-pencil"
            text
            onClick={() => void navigate(`${listPath}/${id}`)}
            data-testid="report-edit"
          />
        )}
      </div>
      <ReportCard queryId={id} params={params} editable={editable} onParamsChange={setParams} />
    </div>
  );
}
