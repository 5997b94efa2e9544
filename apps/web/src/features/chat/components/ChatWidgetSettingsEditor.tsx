import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { ChatWidgetSettings } from '@p2p/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useChatWidget, useSaveChatWidget } from '../api/chat-widget.ts';

type Field = 'token' | 'host' | 'widget';
const FIELDS: ReadonlyArray<{ field: Field; label: string; type: string }> = [
  { field: 'token', label: 'chat.widget.token', type: 'text' },
  { field: 'host', label: 'chat.widget.host', type: 'url' },
  { field: 'widget', label: 'chat.widget.script', type: 'url' },
];

/** The external chat widget's settings of the domain (administrators): enabled, token, host, widget. */
export function ChatWidgetSettingsEditor() {
  const { t } = useTranslation();
  const ids = useId();
  const config = useAppConfig();
  const current = useChatWidget(true);
  const save = useSaveChatWidget();
  const [draft, setDraft] = useState<ChatWidgetSettings>({ enabled: false });
  useEffect(() => {
    if (current.data) setDraft(current.data);
  }, [current.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft, {
      onSuccess: () => showToast({ severity: 'success', detail: t('chat.widget.saved') }),
    });
  };
  const errorOf = (field: Field) =>
    save.error instanceof ApiError ? save.error.errors.find((e) => e.field === field) : undefined;

  return (
    <form className="card chat-widget-settings" onSubmit={submit} data-testid="chat-widget-settings">
      <h2>{t('chat.widget.title')}</h2>
      {!config.flags.chat && <p className="muted">{t('chat.widget.flagOff')}</p>}
      <label className="chat-widget-settings__switch" htmlFor={`${ids}-enabled`}>
        <InputSwitch
          inputId={`${ids}-enabled`}
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: Boolean(e.value) })}
          data-testid="chat-widget-enabled"
        />
        <span>{t('chat.widget.enabled')}</span>
      </label>
      {FIELDS.map(({ field, label, type }) => (
        <div key={field} className="chat-widget-settings__field">
          <label htmlFor={`${ids}-${field}`}>{t(label)}</label>
          <InputText
            id={`${ids}-${field}`}
            type={type}
            value={draft[field] ?? ''}
            invalid={Boolean(errorOf(field))}
            onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            data-testid={`chat-widget-${field}`}
          />
          {errorOf(field) && <small className="p-error">{errorOf(field)!.message}</small>}
        </div>
      ))}
      {save.isError && <Message severity="error" text={save.error.message} data-testid="chat-widget-error" />}
      <Button
        type="submit"
        label={t('chat.widget.save')}
        icon="pi pi-check"
        loading={save.isPending}
        disabled={save.isPending || !current.data}
        data-testid="chat-widget-save"
      />
    </form>
  );
}
