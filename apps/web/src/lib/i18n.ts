import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import pt from '../locales/pt.json';
import { STORAGE_KEYS, storage } from './storage.ts';

import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, savedLanguage } from './languages.ts';

export {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  type SupportedLanguage,
} from './languages.ts';

export const resources = { en: { translation: en }, pt: { translation: pt } } as const;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: savedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Switches the interface language and remembers it for the next visit. */
export async function setLanguage(lang: string): Promise<void> {
  const next = (SUPPORTED_LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE;
  storage.set(STORAGE_KEYS.lang, next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (i18n.language !== next) await i18n.changeLanguage(next);
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
