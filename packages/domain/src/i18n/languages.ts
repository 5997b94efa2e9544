/**
 * The languages the server answers in (seed 000 section 1: supported languages come from
 * configuration, default en) and the choice of one for a caller: the signed-in user's `lang`, else
 * the browser's Accept-Language, else English.
 */

/** Languages with a complete catalogue of messages and labels. */
export const MESSAGE_LANGUAGES = ['en', 'pt'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'en';

export const isMessageLanguage = (lang: unknown): lang is MessageLanguage =>
  typeof lang === 'string' && (MESSAGE_LANGUAGES as readonly string[]).includes(lang);

/**
 * The supported language an Accept-Language header asks for first ('pt-PT,pt;q=0.9,en;q=0.8' -> pt):
 * entries by quality (ties keep their order), a region subtag ignored, q=0 never taken; English when
 * nothing supported is asked for.
 */
export function acceptedLanguage(header: string | null | undefined): MessageLanguage {
  if (!header) return DEFAULT_MESSAGE_LANGUAGE;
  const asked = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality, order };
    })
    .filter((a) => Number.isFinite(a.quality) && a.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return asked.map((a) => a.lang).find(isMessageLanguage) ?? DEFAULT_MESSAGE_LANGUAGE;
}

/** The caller's language: the user's saved `lang` when supported, else the Accept-Language header. */
export const callerLanguage = (
  userLang: string | null | undefined,
  acceptLanguage: string | null | undefined,
): MessageLanguage => (isMessageLanguage(userLang) ? userLang : acceptedLanguage(acceptLanguage));
