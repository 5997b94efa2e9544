import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { ReportRun } from '../hooks/use-report-run.ts';

/** A running report's progress with Cancel; a failure or a cancellation as a notice. */
export function RunStatus({ run }: { run: ReportRun }) {
  const { t } = useTranslation();
  if (run.status === 'running')
    return (
      <div className="report-progress" role="status" data-testid="report-progress">
        <ProgressBar
          mode="indeterminate"
          style={{ height: '6px' }}
          aria-label={t('reports.running', { seconds: run.elapsed })}
        />
        <span>{t('reports.running', { seconds: run.elapsed })}</span>
        <Button
          label={t('reports.cancel')}
          icon="pi pi-times"
          size="small"
          severity="secondary"
          outlined
          onClick={run.cancel}
          data-testid="report-cancel"
        />
      </div>
    );
  if (run.status === 'failed')
    return <Message severity="error" text={run.error ?? ''} data-testid="report-error" />;
  if (run.status === 'cancelled')
    return <Message severity="warn" text={t('reports.cancelled')} data-testid="report-cancelled" />;
  return null;
}
