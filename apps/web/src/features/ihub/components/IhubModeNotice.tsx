import { useTranslation } from '../../../lib/use-translation.ts';
import { Message } from 'primereact/message';
import { useIhubStatus } from '../api/ihub-messages.ts';

/** For /admin: where the ERP integration sends (the real ERP, the demo simulator, or nowhere). */
export function IhubModeNotice() {
  const { t } = useTranslation();
  const status = useIhubStatus();
  if (!status.data) return null;
  return (
    <Message
      severity={status.data.mode === 'erp' ? 'info' : 'warn'}
      text={t(`ihub.mode.${status.data.mode}`) + (status.data.target ? ` — ${status.data.target}` : '')}
      data-testid="erp-mode-notice"
      style={{ margin: '0.5rem 1rem 0' }}
    />
  );
}
