import { isAdminLevel, mayChat, widgetSettingsErrors, type ChatWidgetSettings } from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { fieldErrors, forbidden } from '../lib/app-error.ts';
import { chatRepository } from './chat.repository.ts';

const OFF: ChatWidgetSettings = { enabled: false };

/** Only the fields of the settings, trimmed; empty ones left out. */
function clean(s: ChatWidgetSettings): ChatWidgetSettings {
  const out: ChatWidgetSettings = { enabled: s.enabled };
  for (const field of ['token', 'host', 'widget'] as const) {
    const value = s[field]?.trim();
    if (value) out[field] = value;
  }
  return out;
}

/**
 * The external chat widget's settings (seed 000 section 3: enabled, token, host, widget), stored
 * per domain in app_settings 'chat' over the shipped default. Signed-in internal users read their
 * domain's settings to embed the widget; suppliers have no chat and read it disabled.
 * Administrators save them (audited; the token is redacted in the trail).
 */
export function chatWidgetService(db: Db) {
  const repo = chatRepository(db);
  const current = async (domainId: string) => clean((await repo.widgetSettings(domainId)) ?? OFF);
  return {
    async get(auth: AuthContext): Promise<ChatWidgetSettings> {
      if (!mayChat(auth.user)) return OFF;
      return current(auth.domainId);
    },

    async save(auth: AuthContext, body: ChatWidgetSettings): Promise<ChatWidgetSettings> {
      if (!isAdminLevel(auth.user)) throw forbidden('Only administrators set the chat widget.');
      const next = clean(body);
      const errors = widgetSettingsErrors(next);
      if (errors.length)
        throw fieldErrors(errors.map((e) => e.message).join(' '), errors, 'chat.widget-invalid');
      const before = await current(auth.domainId);
      await db.transaction().execute(async (trx) => {
        await chatRepository(trx).saveWidgetSettings(auth.domainId, next);
        await audit.record(trx, {
          auth,
          entity: 'settings',
          entityId: 'chat',
          action: 'update',
          before,
          after: next,
        });
      });
      return next;
    },
  };
}

export type ChatWidgetService = ReturnType<typeof chatWidgetService>;
