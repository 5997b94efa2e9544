import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { setOfflineNotice } from '../api/offline-notice.ts';

/**
 * The offline notice an administrator sets before planned downtime (seed 000 section 3, settings:
 * offline record): users see it on the offline screen while the service does not answer.
 */
export function OfflineNoticeEditor() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [saved, setSaved] = useState(config.offline);
  const [text, setText] = useState(config.offline?.message ?? '');
  const save = useMutation({
    mutationFn: (message: string | null) => setOfflineNotice(message),
    onSuccess: (answer) => {
      setSaved(answer.offline);
      setText(answer.offline?.message ?? '');
    },
  });
  return (
    <section className="card admin-offline" aria-labelledby="admin-offline-title" data-testid="admin-offline">
      <h2 id="admin-offline-title">{t('admin.offline.title')}</h2>
      <p className="muted">{t('admin.offline.help')}</p>
      <label htmlFor="admin-offline-message">{t('admin.offline.message')}</label>
      <InputTextarea
        id="admin-offline-message"
        value={text}
        rows={3}
        maxLength={1000}
        className="w-full"
        onChange={(e) => setText(e.target.value)}
        data-testid="admin-offline-message"
      />
      <div className="admin-offline__buttons">
        <Button
          type="button"
          label={t('admin.offline.save')}
          disabled={save.isPending || !text.trim()}
          onClick={() => save.mutate(text)}
          data-testid="admin-offline-save"
        />
        <Button
          type="button"
          label={t('admin.offline.clear')}
          severity="secondary"
          outlined
          disabled={save.isPending || !saved}
          onClick={() => save.mutate(null)}
          data-testid="admin-offline-clear"
        />
      </div>
      {save.error && <Message severity="error" text={save.error.message} data-testid="admin-offline-error" />}
      <p className="muted" data-testid="admin-offline-state">
        {saved ? t('admin.offline.active', { message: saved.message }) : t('admin.offline.none')}
      </p>
    </section>
  );
}
