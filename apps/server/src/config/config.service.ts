import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  hasAppAccess,
  hasRole,
  isAdminLevel,
  PUBLIC_ROUTES,
  type AppConfig,
  type ChatSettings,
  type NavItem,
  type RouteConfig,
  type UiFlags,
} from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import { domainRepository } from '../auth/domain.repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { forbidden } from '../lib/app-error.ts';
import { withAppPages } from './app-pages-navigation.ts';
import { SERVER_ROOT } from './env.ts';
import {
  DEFAULT_CHAT,
  DEFAULT_FLAGS,
  DEFAULT_LANGUAGES,
  DEFAULT_NAVIGATION,
  DEFAULT_ROUTES,
  type NavSetting,
} from './default-settings.ts';
import { settingsRepository } from './settings.repository.ts';

type OfflineNotice = NonNullable<AppConfig['offline']>;

export interface ConfigOptions {
  webDist: string;
  /** null: use the 'maintenance' setting */
  maintenance: boolean | null;
  externalLoginUrl: string | null;
  flags?: Partial<UiFlags>;
}

/** The web build's version (version.json next to index.html), else this package's version. */
export function readVersion(webDist: string): string {
  for (const file of [resolve(webDist, 'version.json'), resolve(SERVER_ROOT, 'package.json')]) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof parsed.version === 'string') return parsed.version;
    } catch {
      // absent or unreadable: try the next source
    }
  }
  return '0.0.0';
}

/** The entries `user` may see: an entry naming roles needs one of them (its children go with it). */
function visibleTo(items: NavSetting[], user: AuthContext['user']): NavSetting[] {
  return items
    .filter((i) => !i.roles || hasRole(user, i.roles))
    .map((i) => ({
      ...i,
      ...(i.children ? { children: visibleTo(i.children, user) } : {}),
      ...(i.next ? { next: visibleTo(i.next, user) } : {}),
    }));
}

function localize(items: NavSetting[], lang: 'en' | 'pt'): NavItem[] {
  return items.map((i) => ({
    label: i.label[lang] ?? i.label.en,
    ...(i.icon ? { icon: i.icon } : {}),
    ...(i.to ? { to: i.to } : {}),
    ...(i.children ? { children: localize(i.children, lang) } : {}),
    ...(i.next ? { next: localize(i.next, lang) } : {}),
  }));
}

/** App configuration, routes and navigation, read from app_settings with coded defaults. */
export function configService(db: Db, opts: ConfigOptions) {
  const settings = settingsRepository(db);
  const domains = domainRepository(db);

  const maintenance = async () => opts.maintenance ?? (await settings.get<boolean>('maintenance')) ?? false;
  const routes = async (): Promise<RouteConfig[]> =>
    (await maintenance()) ? [] : ((await settings.get<RouteConfig[]>('routes')) ?? DEFAULT_ROUTES);

  return {
    /** Writes the defaults that are absent; safe on every start. */
    async ensureDefaults(): Promise<void> {
      await settings.setDefault('flags', DEFAULT_FLAGS);
      await settings.setDefault('languages', DEFAULT_LANGUAGES);
      await settings.setDefault('routes', DEFAULT_ROUTES);
      await settings.setDefault('navigation', DEFAULT_NAVIGATION);
      await settings.setDefault('chat', DEFAULT_CHAT);
      await settings.setDefault('maintenance', false);
    },

    async app(_lang: string): Promise<AppConfig> {
      const flags = { ...DEFAULT_FLAGS, ...(await settings.get<UiFlags>('flags')), ...opts.flags };
      return {
        version: readVersion(opts.webDist),
        languages: (await settings.get<string[]>('languages')) ?? DEFAULT_LANGUAGES,
        defaultLang: 'en',
        flags,
        maintenance: await maintenance(),
        externalLoginUrl: opts.externalLoginUrl,
        publicRoutes: [...PUBLIC_ROUTES],
        routes: await routes(),
        domains: await domains.list(),
        chat: (await settings.get<ChatSettings>('chat')) ?? DEFAULT_CHAT,
        offline: (await settings.get<OfflineNotice>('offline')) ?? null,
      };
    },

    /**
     * The offline notice (seed 000 section 3, settings: offline record {ts, message}): an
     * administrator announces that the service is offline for its users, who see the offline
     * screen with this message until it is cleared (null).
     */
    async setOffline(
      caller: AuthContext,
      message: string | null,
    ): Promise<{ offline: OfflineNotice | null }> {
      if (!isAdminLevel(caller.user)) throw forbidden('Only administrators set the offline notice.');
      const text = message?.trim() ?? '';
      const offline = text ? { ts: new Date().toISOString(), message: text } : null;
      const before = (await settings.get<OfflineNotice>('offline')) ?? null;
      await db.transaction().execute(async (trx) => {
        await settingsRepository(trx).set('offline', offline);
        await audit.record(trx, {
          auth: caller,
          entity: 'settings',
          entityId: 'offline',
          action: 'update',
          before: { offline: before },
          after: { offline },
        });
      });
      return { offline };
    },

    routes: async () => ({ routes: await routes() }),

    /** Suppliers, ihub roles and the system user have no app-access sidebar. */
    async navigation(caller: AuthContext, lang: string): Promise<NavItem[]> {
      if (!hasAppAccess(caller.user)) return [];
      const stored = (await settings.get<NavSetting[]>('navigation', caller.domainId)) ?? DEFAULT_NAVIGATION;
      const tree = withAppPages(stored);
      return localize(visibleTo(tree, caller.user), lang === 'pt' ? 'pt' : 'en');
    },
  };
}

export type ConfigService = ReturnType<typeof configService>;
