/**
 * Internal chats about a document (seed 000 sections 2, 3 and 6): conversations between internal
 * users, created at /chat/create, listed and read by their participants only. A chat is never
 * edited or deleted and one request creates one chat (the chat model has no edit, delete or
 * create-multiple). Suppliers have no chat. The external chat widget is apart: its settings.
 */
import { actsAsSupplier, isIhub, isSystemUser, type RoleHolder } from '../roles/roles.ts';

export const CHAT_SUBJECT_MAX = 200;
export const CHAT_TEXT_MAX = 4000;
/** Besides the creator. */
export const CHAT_MAX_PARTICIPANTS = 20;
/** Messages one read answers (the newest ones, oldest first). */
export const CHAT_MESSAGES_SHOWN = 500;

/** Internal people chat; suppliers, integration roles and the system user do not. */
export const mayChat = (user: RoleHolder | null | undefined): boolean =>
  Boolean(user) && !actsAsSupplier(user) && !isIhub(user) && !isSystemUser(user);

export const CHAT_MESSAGES = {
  suppliers: 'Suppliers have no chat.',
  notFound: 'Chat not found.',
  text: 'A message is required.',
  participants: 'Choose at least one participant.',
  tooMany: `A chat has at most ${CHAT_MAX_PARTICIPANTS} participants besides you.`,
  unknownUser: 'Unknown user.',
  cannotChat: (name: string) => `${name} cannot take part in chats.`,
  cannotSee: (name: string) => `${name} cannot see this document.`,
} as const;

/** The external chat widget's settings as an administrator saves them. */
export const WIDGET_URL_MAX = 300;
export const WIDGET_TOKEN_MAX = 200;

export const WIDGET_MESSAGES = {
  required: (field: string) => `${field} is required when the widget is enabled.`,
  url: (field: string) => `${field} must be an http(s) address.`,
} as const;

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);

/** The field errors of widget settings: an enabled widget needs a token, a host and a widget address. */
export function widgetSettingsErrors(s: {
  enabled: boolean;
  token?: string | undefined;
  host?: string | undefined;
  widget?: string | undefined;
}): Array<{ field: string; message: string }> {
  const errors: Array<{ field: string; message: string }> = [];
  for (const field of ['token', 'host', 'widget'] as const) {
    const value = s[field]?.trim() ?? '';
    if (!value) {
      if (s.enabled) errors.push({ field, message: WIDGET_MESSAGES.required(field) });
      continue;
    }
    if (field !== 'token' && !isHttpUrl(value)) errors.push({ field, message: WIDGET_MESSAGES.url(field) });
  }
  return errors;
}
