import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { showToast } from '../../../lib/toasts.ts';
import { useIhubAction, useIhubMessage } from '../api/ihub-messages.ts';

/** Correct-and-resend: the message's payload as JSON, edited by the operator and sent again. */
export function ResendDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useIhubMessage(id);
  const act = useIhubAction();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (message.data) setText(JSON.stringify(message.data.payload, null, 2));
  }, [message.data]);

  const send = () => {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      setInvalid(true);
      return;
    }
    act.mutate(
      { id: id!, action: 'resend', payload },
      {
        onSuccess: () => (showToast({ severity: 'success', detail: t('ihub.done.resend') }), onClose()),
        onError: (err) => showToast({ severity: 'error', detail: err.message }),
      },
    );
  };

  return (
    <Dialog
      header={t('ihub.resendTitle')}
      visible={Boolean(id)}
      onHide={onClose}
      style={{ width: 'min(48rem, 95vw)' }}
      footer={
        <>
          <Button type="button" label={t('ihub.cancelDialog')} text onClick={onClose} />
          <Button
            type="button"
            label={t('ihub.resend')}
            loading={act.isPending}
            onClick={send}
            data-testid="ihub-resend-send"
          />
        </>
      }
    >
      <InputTextarea
        value={text}
        onChange={(e) => (setText(e.target.value), setInvalid(false))}
        rows={18}
        style={{ width: '100%', fontFamily: 'monospace' }}
        aria-label={t('ihub.payload')}
        invalid={invalid}
      />
      {invalid && <small className="p-error">{t('ihub.invalidJson')}</small>}
    </Dialog>
  );
}
