import type { Localized } from './default-settings.ts';

/** Help documents: their topic per language, whether they concern internal users only, and related docs. */
export interface HelpEntry {
  topic: Localized;
  internal: boolean;
  related: string[];
}

export const HELP_TITLE: Localized = { en: 'P2P online help', pt: 'Ajuda online P2P' };
export const MANUAL_DOC = 'manual';

export const HELP_CATALOG: Record<string, HelpEntry> = {
  manual: {
    topic: { en: 'User manual', pt: 'Manual do utilizador' },
    internal: false,
    related: ['home', 'help'],
  },
  home: {
    topic: { en: 'Home page', pt: 'Página inicial' },
    internal: false,
    related: ['navigation', 'group', 'notifications'],
  },
  signin: {
    topic: { en: 'Signing in', pt: 'Entrar' },
    internal: false,
    related: ['set-password', 'supplier-registration'],
  },
  account: { topic: { en: 'Your account', pt: 'A sua conta' }, internal: false, related: ['group', 'home'] },
  group: {
    topic: { en: 'Group and plant', pt: 'Grupo e fábrica' },
    internal: true,
    related: ['navigation', 'home'],
  },
  navigation: { topic: { en: 'Navigation', pt: 'Navegação' }, internal: true, related: ['home', 'group'] },
  notifications: { topic: { en: 'Notifications', pt: 'Notificações' }, internal: false, related: ['home'] },
  'supplier-registration': {
    topic: { en: 'Supplier registration', pt: 'Registo de fornecedor' },
    internal: false,
    related: ['set-password', 'signin'],
  },
  'set-password': {
    topic: { en: 'Setting your password', pt: 'Definir a palavra-passe' },
    internal: false,
    related: ['signin'],
  },
  help: { topic: { en: 'Using the help', pt: 'Usar a ajuda' }, internal: false, related: ['home', 'manual'] },
};
