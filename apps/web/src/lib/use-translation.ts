import { useContext, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { i18n as appI18n } from './i18n.ts';

/** What a component gets: the translate function of the current language and the instance. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

type Listener = () => void;

/** one answer per instance and language, shared by every component: `t` changes with the language */
const answers = new WeakMap<I18n, { lang: string; value: Translation }>();
/** one languageChanged listener per instance, re-rendering every subscribed component */
const subscribers = new WeakMap<I18n, (listener: Listener) => () => void>();

function translation(i18n: I18n): Translation {
  const lang = i18n.language;
  const cached = answers.get(i18n);
  if (cached && cached.lang === lang) return cached.value;
  const value: Translation = { t: i18n.getFixedT(lang), i18n };
  answers.set(i18n, { lang, value });
  return value;
}

function subscriberOf(i18n: I18n): (listener: Listener) => () => void {
  let subscribe = subscribers.get(i18n);
  if (subscribe) return subscribe;
  const listeners = new Set<Listener>();
  i18n.on('languageChanged', () => {
    for (const listener of [...listeners]) listener();
  });
  subscribe = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  subscribers.set(i18n, subscribe);
  return subscribe;
}

/**
 * The interface texts in the user's language: react-i18next's `useTranslation()` for this app's one
 * namespace, without its cost per component. Each mount there copies every property of the i18next
 * instance into a new object (11 ms of a 2,000-line order form's first render in bench:web's
 * profile, a form of a few hundred components); here all components share one answer per language,
 * and they render again when the language changes. The instance is the I18nextProvider's (tests
 * give their own), else the app's.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? appI18n;
  const subscribe = subscriberOf(i18n);
  return useSyncExternalStore(
    subscribe,
    () => translation(i18n),
    () => translation(i18n),
  );
}
