import { STORAGE_KEYS, storage } from './storage.ts';

export const SUPPORTED_LANGUAGES = ['en', 'pt'] as const;
export const DEFAULT_LANGUAGE = 'en';
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const isSupportedLanguage = (lang: string): lang is SupportedLanguage =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(lang);

/** The language the interface starts in: the one saved by the last visit, else the default. */
export function savedLanguage(): string {
  const saved = storage.get(STORAGE_KEYS.lang);
  return saved && isSupportedLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}
