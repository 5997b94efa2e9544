import { useTranslation } from '../../../lib/use-translation.ts';
import { Message } from 'primereact/message';

interface ErpState {
  errors?: Array<{ field: string | null; line: { pos: number } | null; message: string }>;
}

/** The ERP's messages of a document the ERP refused (erp-fail), per line and field, until it is resent. */
export function ErpMessages({
  doc,
  state,
}: {
  doc: Record<string, unknown> | null | undefined;
  state: string | null | undefined;
}) {
  const { t } = useTranslation();
  const errors = (doc?._erp as ErpState | undefined)?.errors ?? [];
  if (state !== 'erp-fail' || !errors.length) return null;
  return (
    <Message
      severity="error"
      className="erp-messages"
      data-testid="erp-messages"
      content={
        <div>
          <strong>{t('ihub.erpMessages')}</strong>
          <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
            {errors.map((e, i) => (
              <li key={i} data-testid="erp-message" data-line={e.line?.pos ?? ''} data-field={e.field ?? ''}>
                {e.line ? `${t('ihub.erpLine', { pos: e.line.pos })} · ` : ''}
                {e.field ? `${e.field}: ` : ''}
                {e.message}
              </li>
            ))}
          </ul>
        </div>
      }
    />
  );
}
