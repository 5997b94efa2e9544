import { useEffect } from 'react';
import { mayChat, splitName, type ChatWidgetSettings, type SessionUser } from '@p2p/domain';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useUser } from '../../../lib/session.ts';
import { useChatWidget } from '../api/chat-widget.ts';

/** The widget's script API: a Freshchat-style web widget (fcWidget.init with token and host). */
interface WidgetApi {
  init(options: Record<string, string>): void;
  destroy?(): void;
}
declare global {
  interface Window {
    fcWidget?: WidgetApi;
  }
}

export const WIDGET_SCRIPT_ID = 'p2p-chat-widget';

/**
 * Loads the widget's script once and starts it for the user: its token and host, and the user's
 * name split at the first space into first and last name (seed 000 section 2). Another user in
 * the same page (after a sign-in as someone else) gets the widget started anew.
 */
export function startWidget(
  settings: Required<ChatWidgetSettings>,
  user: SessionUser,
  doc: Document = document,
) {
  const init = (script: HTMLScriptElement) => {
    const widget = window.fcWidget;
    if (!widget?.init || script.dataset.user === user._id) return;
    if (script.dataset.user) widget.destroy?.();
    const { firstName, lastName } = splitName(user.name);
    widget.init({
      token: settings.token,
      host: settings.host,
      externalId: user.username,
      firstName,
      lastName,
      email: user.email,
    });
    script.dataset.user = user._id;
  };
  const existing = doc.getElementById(WIDGET_SCRIPT_ID) as HTMLScriptElement | null;
  if (existing && existing.getAttribute('src') === settings.widget) {
    if (existing.dataset.loaded) init(existing);
    else existing.addEventListener('load', () => init(existing), { once: true });
    return;
  }
  existing?.remove();
  const script = doc.createElement('script');
  script.id = WIDGET_SCRIPT_ID;
  script.src = settings.widget;
  script.async = true;
  script.addEventListener(
    'load',
    () => {
      script.dataset.loaded = 'true';
      init(script);
    },
    { once: true },
  );
  doc.head.appendChild(script);
}

/**
 * The external chat widget: embedded only when the UI flag chat is on and its settings (of the
 * user's domain) enable it. Suppliers have no chat. Renders nothing itself.
 */
export function ChatWidget() {
  const config = useAppConfig();
  const user = useUser();
  const wanted = Boolean(config.flags.chat && user && mayChat(user));
  const { data } = useChatWidget(wanted);
  useEffect(() => {
    if (!wanted || !user || !data?.enabled || !data.token || !data.host || !data.widget) return;
    startWidget({ enabled: true, token: data.token, host: data.host, widget: data.widget }, user);
  }, [wanted, user, data]);
  return null;
}
